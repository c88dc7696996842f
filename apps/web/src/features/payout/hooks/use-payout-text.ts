import { ResultCode, ValidationErrorData } from '@andes/contract/common/envelope';
import { formatCents } from '@andes/contract/common/money';
import type { PayoutRail } from '@andes/contract/payout/rails';
import type { Payout } from '@andes/contract/payout/schemas';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { fieldMessageKey, INPUT_MESSAGES, serverMessageKey } from '../payout-messages.ts';

/** The product types the payout rails use (PAYOUT_RAILS; a test keeps the two together): those the strings name. */
export const RAIL_PRODUCT_TYPES = [
  'BANK_TRANSFER',
  'PIX',
  'TED',
  'SPEI',
  'CO_BANK_TRANSFER',
  'CL_BANK_TRANSFER',
  'PE_BANK_TRANSFER',
] as const;
type RailProductType = (typeof RAIL_PRODUCT_TYPES)[number];

const isRailProductType = (value: string): value is RailProductType => (RAIL_PRODUCT_TYPES as readonly string[]).includes(value);

/** The words of the payout screen that depend on data: names of codes, messages of the contract and the server. */
export function usePayoutText() {
  const { t } = useTranslation('payout');

  const productType = useCallback((value: string) => (isRailProductType(value) ? t(`productType.${value}`) : value), [t]);

  /** The payment channel: product type and the rail's name ("TED", "Bank transfer · ACH"). */
  const channel = useCallback(
    (payout: Pick<Payout, 'productType' | 'method'>) => {
      const name = productType(payout.productType);
      return name === payout.method ? name : `${name} · ${payout.method}`;
    },
    [productType],
  );

  /** A beneficiary field's message (`checkBeneficiary`, or the server's issue) in the interface language. */
  const fieldError = useCallback(
    (message: string) => {
      const key = fieldMessageKey(message);
      if (key) return t(`fieldError.${key}`);
      if (message === INPUT_MESSAGES.amountRequired) return t('amountRequired');
      if (message === INPUT_MESSAGES.amountInvalid) return t('amountInvalid');
      if (message === INPUT_MESSAGES.code) return t('codeIncomplete');
      return message;
    },
    [t],
  );

  /** A row error of a batch file, `Header: message` (the column, then the rule's message). */
  const rowError = useCallback(
    (message: string) => {
      const at = message.indexOf(': ');
      if (at < 0) return fieldError(message);
      return `${message.slice(0, at)}: ${fieldError(message.slice(at + 2))}`;
    },
    [fieldError],
  );

  /** The spec §5 min-to-max message of a rail: "Amount must be between 10.00 and 50,000.00 BRL". */
  const amountRange = useCallback(
    (rail: PayoutRail) =>
      t('amountRange', {
        min: formatCents(rail.minCents, rail.currency, { symbol: false }),
        max: formatCents(rail.maxCents, rail.currency, { symbol: false }),
        currency: rail.currency,
      }),
    [t],
  );

  /** A failure of a payout call as a sentence: the server's known refusals translated, others as sent. */
  const failure = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        const key = serverMessageKey(error.msg);
        if (key) return t(`server.${key}`);
        if (error.code === ResultCode.VALIDATION_FAILED) {
          const parsed = ValidationErrorData.safeParse(error.data);
          if (parsed.success && parsed.data.issues.length > 0) {
            return parsed.data.issues.map((issue) => fieldError(issue.message)).join('; ');
          }
        }
      }
      return errorMessage(error);
    },
    [t, fieldError],
  );

  return useMemo(
    () => ({ productType, channel, fieldError, rowError, amountRange, failure }),
    [productType, channel, fieldError, rowError, amountRange, failure],
  );
}
