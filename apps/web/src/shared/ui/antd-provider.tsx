import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../hooks/use-media-query.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { type AntdLocale, defaultAntdLocale, loadAntdLocale } from './antd-locale.ts';

/** The Andes look of antd components. */
export const ANDES_THEME: ThemeConfig = {
  token: { colorPrimary: '#1f5fbf', borderRadius: 6, fontFamily: 'inherit' },
};

/**
 * Theme and locale of antd (and dayjs) in the interface language. Wraps the parts of the app that
 * use antd; the login page does not, so it never downloads antd. Animations are off for people
 * whose system asks for reduced motion.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  const [locale, setLocale] = useState<AntdLocale>(defaultAntdLocale);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const theme = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...ANDES_THEME, token: { ...ANDES_THEME.token, motion: false } } : ANDES_THEME),
    [reducedMotion],
  );
  useEffect(() => {
    let current = true;
    loadAntdLocale(language).then(
      (next) => {
        if (current) setLocale(next);
      },
      (error: unknown) => console.error('antd locale failed to load', error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
