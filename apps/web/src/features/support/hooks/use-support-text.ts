import { CASE_STATUSES, type CaseStatus } from '@andes/contract/common/enums';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/errors.ts';
import { supportMessageOf } from '../support-messages.ts';

const isStatus = (value: string): value is CaseStatus => (CASE_STATUSES as readonly string[]).includes(value);

/** The words of the support screens that come from the server: its refusals, in the interface language. */
export function useSupportText() {
  const { t } = useTranslation('support');

  const message = useCallback(
    (text: string) => {
      const found = supportMessageOf(text);
      if (!found) return text;
      const status = isStatus(found.arg) ? t(`status.${found.arg}`) : found.arg;
      switch (found.key) {
        case 'duplicateOpenCase':
          return t('server.duplicateOpenCase', { caseNo: found.arg });
        case 'notEditable':
          return t('server.notEditable', { status });
        case 'notClosable':
          return t('server.notClosable', { status });
        case 'notReopenable':
          return t('server.notReopenable', { status });
        case 'reopenWindowPassed':
          return t('server.reopenWindowPassed', { days: found.arg });
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
