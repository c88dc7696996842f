import type { Language } from '@andes/contract/common/constants';
import { useAppStore } from '../store/app-store.ts';

/** The interface language and its setter; the app applies a change to strings, dates and antd. */
export function useLanguage(): [Language, (language: Language) => void] {
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return [language, setLanguage];
}
