import type { CardTokenFilter, FunnelStageName, RevenueTransactionType } from '@andes/contract/revenue-assurance/enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { datesLabel, formatCount } from '../revenue-charts.ts';
import type { DrillTarget } from '../revenue-url.ts';

/** What a drill-down link counts, in words: "settled pay-ins", "pay-ins failed with “Insufficient funds”"… */
export interface FigureText {
  /** The type's plural noun: "pay-ins". */
  kind: string;
  stage(stage: FunnelStageName): string;
  reason(reason: string): string;
  card(token: CardTokenFilter, authorised: boolean): string;
  /** Narrowed to a product type: "pay-ins settled with Card". */
  ofProduct(what: string, product: string): string;
  /** The accessible name of a figure's link: "View the 12 settled pay-ins of 2026-11-03". */
  link(count: number, what: string, target: DrillTarget): string;
  /** Failures without a reason. */
  noReason: string;
}

export function useFigureText(transactionType: RevenueTransactionType): FigureText {
  const { t } = useTranslation('revenueAssurance');
  return useMemo<FigureText>(() => {
    const kind = t(`kind.${transactionType}`);
    const noReason = t('reasons.noReason');
    return {
      kind,
      noReason,
      stage: (stage) => t(`what.${stage}`, { kind }),
      reason: (reason) => t('what.reason', { kind, reason: reason === '' ? noReason : reason }),
      ofProduct: (what, product) => t('what.product', { what, product }),
      card: (token, authorised) => t(authorised ? `what.authorised.${token}` : `what.created.${token}`),
      link: (count, what, target) => t('link', { number: formatCount(count), what, dates: datesLabel(target.dates) }),
    };
  }, [t, transactionType]);
}
