import { LANGUAGES } from '@andes/contract/common/constants';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';
import { NativeSelect } from './native-select.tsx';

/** en / zh-CN switch; each language is written in itself. */
export function LanguageSwitch({ block = false }: { block?: boolean }) {
  const { t } = useTranslation('common');
  const [language, setLanguage] = useLanguage();
  return (
    <NativeSelect
      label={t('language')}
      value={language}
      onChange={setLanguage}
      options={LANGUAGES.map((value) => ({ value, label: t(`languageName.${value}`) }))}
      block={block}
    />
  );
}
