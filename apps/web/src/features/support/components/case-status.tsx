import type { CaseStatus } from '@andes/contract/common/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';

/** A case's status in its colour (spec §4 Case, §9). */
export function CaseStatusTag({ status }: { status: CaseStatus }) {
  const { t } = useTranslation('support');
  return (
    <StatusTag set="case" status={status}>
      {t(`status.${status}`)}
    </StatusTag>
  );
}
