import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onNotifierHostNeeded } from '../shared/api/notifier.ts';
import { applyLanguage } from '../shared/i18n/apply-language.ts';
import { useAppStore } from '../shared/store/app-store.ts';

const MessageHost = lazy(() => import('../shared/ui/message-host.tsx').then((m) => ({ default: m.MessageHost })));

/** Mounts antd's message outlet the first time a message is asked for. */
function MessageHostLoader() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    onNotifierHostNeeded(() => setNeeded(true));
    return () => onNotifierHostNeeded(null);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );
}

/** Applies the stored language to the strings and `<html lang>`. */
function LanguageSync() {
  const language = useAppStore((s) => s.language);
  useEffect(() => {
    applyLanguage(language).catch((error: unknown) =>
      console.error('language switch failed', error instanceof Error ? error.message : String(error)),
    );
  }, [language]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      <MessageHostLoader />
      {children}
    </QueryClientProvider>
  );
}
