import type { Language } from '@andes/contract/common/constants';
import { i18n } from './i18n.ts';

/** Switches the interface strings and `<html lang>` (antd and dayjs follow in AntdProvider). */
export async function applyLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
