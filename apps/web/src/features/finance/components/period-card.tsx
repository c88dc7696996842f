import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { maskAccountNumber } from '@andes/contract/common/format';
import { groupThousands } from '@andes/contract/common/money';
import type { StatementPeriod } from '@andes/contract/finance/schemas';
import { Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { periodLabel, zoneLabel } from '../zone-label.ts';

/**
 * The statement's head: whose account (number, currency), the zone its days are in, the period,
 * and opening + credits − debits = closing for the whole period (not only the lines filtered).
 */
export function PeriodCard({ period, loading }: { period: StatementPeriod | undefined; loading: boolean }) {
  const { t } = useTranslation('finance');
  if (!period) {
    return (
      <Card size="small" style={{ marginBottom: 16 }}>
        {loading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      </Card>
    );
  }
  const money = (cents: number) => <Amount cents={cents} currency={period.currency} />;
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={t('period.title')}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'accountNo',
            label: t('period.accountNo'),
            children: period.accountNo ? maskAccountNumber(period.accountNo) : EMPTY_PLACEHOLDER,
          },
          { key: 'currency', label: t('period.currency'), children: period.currency },
          { key: 'zone', label: t('period.zone'), children: zoneLabel(period.timezoneName) },
          { key: 'period', label: t('period.range'), children: periodLabel(period.range) },
          { key: 'opening', label: t('period.opening'), children: money(period.openingBalance) },
          { key: 'credits', label: t('period.credits'), children: money(period.credits) },
          { key: 'debits', label: t('period.debits'), children: money(period.debits) },
          { key: 'closing', label: t('period.closing'), children: <strong>{money(period.closingBalance)}</strong> },
          { key: 'lines', label: t('period.lines'), children: groupThousands(String(period.lineCount)) },
        ]}
      />
    </Card>
  );
}
