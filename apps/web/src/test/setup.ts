import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '../shared/i18n/i18n.ts';
import { useAppStore } from '../shared/store/app-store.ts';
import { installMatchMedia, installResizeObserver } from './browser-stubs.ts';

// Lazy pages (antd included) are transformed on first use: give them time on a cold cache.
configure({ asyncUtilTimeout: 10_000 });
installResizeObserver();
installMatchMedia(1280);

const initialStore = useAppStore.getState();

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
});

beforeEach(async () => {
  localStorage.clear();
  useAppStore.setState(initialStore, true);
  installMatchMedia(1280);
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});
