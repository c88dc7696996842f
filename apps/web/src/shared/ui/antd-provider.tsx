import { ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../hooks/use-media-query.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { type AntdLocale, defaultAntdLocale, loadAntdLocale } from './antd-locale.ts';

/** Text on a status tag's light background (antd colours the text of success and warning tags with the seed). */
const SUCCESS_TEXT = '#237804';
const WARNING_TEXT = '#ad4e00';
/** The faintest text that still reads at 4.5:1 on white and #f5f5f5 (antd's placeholder and disabled text: 25 % black, 1.8:1). */
const FAINT_TEXT = 'rgba(0, 0, 0, 0.56)';
/** A chosen table row under the pointer: links and hovered links stay at 4.5:1 on it. */
const SELECTED_HOVER_BG = '#e8f0fb';

/**
 * The Andes look of antd components. Every colour that text is drawn in reaches WCAG 2.2 AA (4.5:1)
 * on white, on #f5f5f5 (page and filled-tag background) and on its own tinted background; the
 * ratios are in docs/decisions/0015-accessible-theme.md and checked by antd-provider.test.ts.
 * Disabled controls keep antd's faint text (WCAG exempts inactive controls).
 */
export const ANDES_THEME: ThemeConfig = {
  token: {
    borderRadius: 6,
    fontFamily: 'inherit',
    // The brand blue; links and "processing" follow it (antd would derive them from #1677ff, 4.1:1).
    colorPrimary: '#1f5fbf',
    colorPrimaryHover: '#2e6bc7',
    colorInfo: '#1f5fbf',
    colorLink: '#1f5fbf',
    colorLinkHover: '#2e6bc7',
    // Danger buttons and links, form errors, error tags.
    colorError: '#cf1322',
    colorSuccessText: SUCCESS_TEXT,
    colorWarningText: WARNING_TEXT,
    // Descriptions, labels of description lists, statistic titles, empty states (antd: 45 % black, 3.3:1).
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    // Placeholders of inputs and selects.
    colorTextPlaceholder: FAINT_TEXT,
  },
  components: {
    // "Disabled" text that carries meaning: the days of the next and previous months in a calendar,
    // and a table's empty-state text. Disabled controls elsewhere keep antd's faint text.
    Calendar: { colorTextDisabled: FAINT_TEXT },
    // A chosen row under the pointer: antd's darker tint (#c2d8f0-ish) takes links below 4.5:1.
    Table: { colorTextDisabled: FAINT_TEXT, rowSelectedHoverBg: SELECTED_HOVER_BG },
    // Tag text: status tags take the seed colour, preset-colour tags the palette's 7th shade; the
    // shades below 4.5:1 on their tint (-1) take the next shade that reaches it.
    Tag: {
      colorSuccess: SUCCESS_TEXT,
      colorWarning: WARNING_TEXT,
      green7: '#237804',
      gold7: '#874d00',
      orange7: '#ad4e00',
      cyan7: '#006d75',
      lime7: '#3f6600',
      yellow7: '#876800',
      volcano7: '#ad2102',
    },
  },
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
