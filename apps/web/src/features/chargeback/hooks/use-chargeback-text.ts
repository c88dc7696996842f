import { CHARGEBACK_STATUSES, type ChargebackStatus } from '@andes/contract/common/enums';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/errors.ts';
import { chargebackMessageOf } from '../chargeback-messages.ts';

const isStatus = (value: string): value is ChargebackStatus => (CHARGEBACK_STATUSES as readonly string[]).includes(value);

/** The words of the chargeback screens that come from the server: its refusals, in the interface language. */
export function useChargebackText() {
  const { t } = useTranslation('chargeback');

  const message = useCallback(
    (text: string) => {
      const found = chargebackMessageOf(text);
      if (!found) return text;
      switch (found.key) {
        case 'chargebackNotOpen':
          return t('server.chargebackNotOpen', { status: isStatus(found.arg) ? t(`status.${found.arg}`) : found.arg });
        case 'deadlinePassed':
          return t('server.deadlinePassed', { deadline: found.arg });
        default:
          return t(`server.${found.key}`);
      }
    },
    [t],
  );

  /** A failed call as a sentence. */
  const failure = useCallback((error: unknown) => failureText(error, message), [message]);

  return useMemo(() => ({ message, failure }), [message, failure]);
}
