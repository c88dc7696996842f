import { formatCents } from '@andes/contract/common/money';
import type { CalculationRules } from '@andes/contract/product/schemas';
import type { TFunction } from 'i18next';
import { bpsToPercent } from '../product-terms.ts';

type T = TFunction<'product'>;

/**
 * The steps of the rules as sentences with the example's figures, in the order the answer lists
 * them. FEE_CAP words no sentence of its own: it qualifies the fee's ("= R$ 0.50 (at most half the
 * amount)").
 */
export function stepSentences(rules: CalculationRules, t: T): { step: string; text: string }[] {
  const { config, example, steps } = rules;
  const money = (cents: number) => formatCents(cents, config.currency);
  const capped = steps.includes('FEE_CAP');
  const sentences: { step: string; text: string }[] = [];
  for (const step of steps) {
    const text = sentenceOf(step);
    if (text !== null) sentences.push({ step, text });
  }
  return sentences;

  function sentenceOf(step: CalculationRules['steps'][number]): string | null {
    switch (step) {
      case 'FEE': {
        const fee = capped ? t('step.feeCapped', { fee: money(example.fee) }) : money(example.fee);
        const rate = bpsToPercent(config.feeBps);
        const fixed = money(config.feeFixed);
        if (config.feeFixed === 0) return t('step.fee', { rate, fee });
        if (config.feeBps === 0) return t('step.feeOnlyFixed', { fixed, fee });
        return t('step.feeFixed', { rate, fixed, fee });
      }
      case 'FEE_CAP':
        return null;
      case 'VAT':
        return t('step.vat', { rate: bpsToPercent(config.vatBps), vat: money(example.vat) });
      case 'NET':
        return t('step.net', { net: money(example.net) });
      case 'DEPOSIT':
        return t('step.deposit', { rate: bpsToPercent(config.depositBps), days: config.depositDays, deposit: money(example.deposit) });
      case 'PENDING':
        return t('step.pending', { days: config.settlementDays, pending: money(example.pending) });
      case 'AVAILABLE':
        return t('step.available');
      case 'PAYOUT_TOTAL':
        return t('step.payoutTotal', { total: money(example.net) });
    }
  }
}
