import type { Country } from '@andes/contract/common/countries';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../shared/auth/use-selected-area.ts';
import { NativeSelect } from '../../shared/ui/native-select.tsx';

/** The flag emoji of a country code (regional indicator letters). */
export function flagEmoji(country: Country): string {
  return String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Country selector of the header: the user's authorised areas only, with flag and currency. */
export function CountrySelect({ block = false }: { block?: boolean }) {
  const { t } = useTranslation('common');
  const { t: tl } = useTranslation('layout');
  const { area, areas, select } = useSelectedArea();
  if (areas.length === 0) return null;
  return (
    <NativeSelect<Country>
      label={t('country')}
      value={area?.code}
      onChange={select}
      options={areas.map((a) => ({
        value: a.code,
        label: tl('countryOption', { flag: flagEmoji(a.code), code: a.code, currency: a.currency }),
        title: t(`countryName.${a.code}`),
      }))}
      block={block}
    />
  );
}
