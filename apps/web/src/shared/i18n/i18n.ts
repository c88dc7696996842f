import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@andes/contract/common/constants';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every namespace of interface strings: `common`, `layout`, `permissions` and one per feature.
 * A namespace is one JSON file per language under `src/locales/<language>/<namespace>.json`.
 */
export const NAMESPACES = [
  'common',
  'layout',
  'permissions',
  'auth',
  'home',
  'mfa',
  'iam',
  'activity',
  'ip',
  'globalBalance',
  'transactions',
  'downloadCenter',
  'upload',
  'payout',
  'export',
  'finance',
  'subMerchant',
  'accounting',
  'chargeback',
  'risk',
  'revenueAssurance',
  'support',
  'message',
  'balanceAlarm',
  'product',
  'paymentLink',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Strings = Record<string, string>;

/** Each JSON file is its own small chunk: only the current language's namespaces are fetched. */
const loaders = import.meta.glob<Strings>('../../locales/*/*.json', { import: 'default' });

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no strings for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

let initialising: Promise<unknown> | null = null;

/**
 * Starts i18next in `language` with the namespaces every screen needs already loaded.
 * Permission codes contain ':' and keys are flat, so neither separator is used: the namespace is
 * always given explicitly (`useTranslation('layout')`, `t('key', { ns })`).
 */
export function initI18n(language: Language = DEFAULT_LANGUAGE): Promise<unknown> {
  initialising ??= i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      nsSeparator: false,
      keySeparator: false,
      returnNull: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return initialising;
}

export { i18next as i18n };
