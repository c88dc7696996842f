import type { Language } from '@andes/contract/common/constants';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** antd and dayjs locales of each interface language; zh-CN is fetched when first chosen. */
const bundles: Record<Language, () => Promise<{ antd: AntdLocale; dayjs: string }>> = {
  en: async () => ({ antd: enUS, dayjs: 'en' }),
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
};

/** Sets dayjs to `language` and returns antd's locale for it. */
export async function loadAntdLocale(language: Language): Promise<AntdLocale> {
  const bundle = await bundles[language]();
  dayjs.locale(bundle.dayjs);
  return bundle.antd;
}

export { enUS as defaultAntdLocale };
