import type { ChargebackStatus } from '@andes/contract/common/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';

/** A chargeback's status as a tag in the contract's colours (spec §4, §9). */
export function ChargebackStatusTag({ status }: { status: ChargebackStatus }) {
  const { t } = useTranslation('chargeback');
  return (
    <StatusTag set="chargeback" status={status}>
      {t(`status.${status}`)}
    </StatusTag>
  );
}
