import { type AccountType, BALANCE_FIGURES } from '@andes/contract/account/enums';
import type { Country, Currency } from '@andes/contract/common/countries';
import type { BalanceByType } from '@andes/contract/home/schemas';
import { Button, Card, Col, Flex, Row, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { FigureCard } from '../../../shared/ui/figure-card.tsx';
import { ScrollTable } from '../../../shared/ui/scroll-table.tsx';
import { useBalanceQuery } from '../api/use-balance-query.ts';
import { AsOf } from './as-of.tsx';
import { BalanceDetailDrawer } from './balance-detail-drawer.tsx';
import { BalanceFigures } from './balance-figures.tsx';
import { SectionCard } from './section-card.tsx';

function ByTypeTable({ rows, currency, onOpen }: { rows: BalanceByType[]; currency: Currency; onOpen(type: AccountType): void }) {
  const { t } = useTranslation('home');
  const columns: TableColumnsType<BalanceByType> = [
    {
      key: 'type',
      title: t('byType.type'),
      fixed: 'left',
      render: (_, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(row.accountType)}>
          {t(`accountType.${row.accountType}`)}
        </Button>
      ),
    },
    ...BALANCE_FIGURES.map((figure) => ({
      key: figure,
      title: t(`figure.${figure}`),
      align: 'right' as const,
      render: (_: unknown, row: BalanceByType) => <Amount cents={row.balances[figure]} currency={currency} />,
    })),
  ];
  return (
    <ScrollTable<BalanceByType>
      label={t('byType.title')}
      rowKey="accountType"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
    />
  );
}

function ByTypeCards({ rows, currency, onOpen }: { rows: BalanceByType[]; currency: Currency; onOpen(type: AccountType): void }) {
  const { t } = useTranslation('home');
  return (
    <Flex vertical gap={12}>
      {rows.map((row) => (
        <Card
          key={row.accountType}
          size="small"
          title={t(`accountType.${row.accountType}`)}
          extra={
            <Button type="link" onClick={() => onOpen(row.accountType)}>
              {t('byType.byHolder')}
            </Button>
          }
        >
          <BalanceFigures balances={row.balances} currency={currency} />
        </Card>
      ))}
    </Flex>
  );
}

/**
 * The country's balances (spec §3): the total's figures as cards, and one row per account type
 * whose name opens the drawer of that type per holder.
 */
export function BalanceOverview({ country, timeZone }: { country: Country; timeZone: string }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  const query = useBalanceQuery(country);
  const [open, setOpen] = useState<AccountType | null>(null);
  const colProps = mobile ? { span: 12 } : { xs: 24, md: 12, lg: 6 };
  return (
    <SectionCard
      title={t('balances.title', { country: tc(`countryName.${country}`) })}
      extra={query.data && <AsOf instant={query.data.asOf} timeZone={timeZone} />}
      query={query}
      rows={6}
    >
      {(data) => (
        <>
          <Row gutter={[12, 12]}>
            {BALANCE_FIGURES.map((figure) => (
              <Col key={figure} {...colProps}>
                <FigureCard label={t(`figure.${figure}`)} cents={data.total[figure]} currency={data.currency} />
              </Col>
            ))}
          </Row>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('byType.title')}
          </Typography.Title>
          {mobile ? (
            <ByTypeCards rows={data.byType} currency={data.currency} onOpen={setOpen} />
          ) : (
            <ByTypeTable rows={data.byType} currency={data.currency} onOpen={setOpen} />
          )}
          <BalanceDetailDrawer country={country} accountType={open} onClose={() => setOpen(null)} />
        </>
      )}
    </SectionCard>
  );
}
