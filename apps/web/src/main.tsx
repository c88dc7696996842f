import { StrictMode } from 'react';
import './shared/ui/shell.css';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './shared/api/query-client.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { useAppStore } from './shared/store/app-store.ts';

// The CSP allows scripts from 'self' only: zod must not probe whether it may compile with Function().
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

await initI18n(useAppStore.getState().language);
document.documentElement.lang = useAppStore.getState().language;

createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
