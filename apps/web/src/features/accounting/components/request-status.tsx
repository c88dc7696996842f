import type { AccountingRequest } from '@andes/contract/accounting/schemas';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { KINDS } from '../accounting-kinds.ts';

/** A request's status as a tag in its kind's colours (spec §9 "status colours per status"). */
export function RequestStatusTag({ request }: { request: Pick<AccountingRequest, 'kind' | 'status'> }) {
  const { t } = useTranslation('accounting');
  return (
    <StatusTag set={KINDS[request.kind].statusSet} status={request.status}>
      {t(`status.${request.status}`)}
    </StatusTag>
  );
}
