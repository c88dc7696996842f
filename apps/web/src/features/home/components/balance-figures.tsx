import { BALANCE_FIGURES } from '@andes/contract/account/enums';
import type { Balances } from '@andes/contract/account/schemas';
import type { Currency } from '@andes/contract/common/countries';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';

/** The figures of one account or account type as label and exact amount, in `columns` columns. */
export function BalanceFigures({ balances, currency, columns = 1 }: { balances: Balances; currency: Currency; columns?: number }) {
  const { t } = useTranslation('home');
  return (
    <Descriptions
      size="small"
      column={columns}
      items={BALANCE_FIGURES.map((figure) => ({
        key: figure,
        label: t(`figure.${figure}`),
        children: <Amount cents={balances[figure]} currency={currency} />,
      }))}
    />
  );
}
