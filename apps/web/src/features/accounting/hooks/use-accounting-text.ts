import type { RequestStatus } from '@andes/contract/accounting/enums';
import { REQUEST_STATUSES } from '@andes/contract/accounting/enums';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/errors.ts';
import { accountingMessageOf } from '../accounting-messages.ts';

const isStatus = (value: string): value is RequestStatus => (REQUEST_STATUSES as readonly string[]).includes(value);

/** The words of the accounting screens that depend on data: the server's messages and reasons. */
export function useAccountingText() {
  const { t } = useTranslation('accounting');

  /** A contract message (a refusal, a fee problem, a recorded reason) in the interface language; others as sent. */
  const message = useCallback(
    (text: string) => {
      const found = accountingMessageOf(text);
      if (!found) return text;
      const [a0 = '', a1 = ''] = found.args;
      const shown0 = found.key === 'notAllowed' && isStatus(a0) ? t(`status.${a0}`) : a0;
      if (found.key === 'refusedBy' && a1 === '') return t('server.refusedByNoReason', { a0 });
      return t(`server.${found.key}`, { a0: shown0, a1 });
    },
    [t],
  );

  /** A failed call as a sentence. */
  const failure = useCallback((error: unknown) => failureText(error, message), [message]);

  return useMemo(() => ({ message, failure }), [message, failure]);
}
