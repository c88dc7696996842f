import type { Currency } from '@andes/contract/common/countries';
import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Amount } from './amount.tsx';

interface FigureCardProps {
  /** What the figure is ("Available"). */
  label: ReactNode;
  cents: number;
  currency: Currency;
  /** A line under the figure (how it is made up, a count). */
  footer?: ReactNode;
  /** Shown while the figure loads. */
  loading?: boolean;
}

/**
 * One money figure as a card: its label and the amount abbreviated (K, M, B) with the exact amount
 * in a tooltip and for screen readers (spec §9).
 */
export function FigureCard({ label, cents, currency, footer, loading = false }: FigureCardProps) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={label}
        value={cents}
        loading={loading}
        valueRender={() => <Amount cents={cents} currency={currency} abbreviate />}
        styles={{ content: { fontSize: 22 } }}
      />
      {footer && <div style={{ marginTop: 4 }}>{footer}</div>}
    </Card>
  );
}
