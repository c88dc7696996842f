import type { StatusColor } from '@andes/contract/common/enums';
import type { ReplayStatus } from '@andes/contract/risk/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';

export const REPLAY_COLORS: Readonly<Record<ReplayStatus, StatusColor>> = {
  PENDING: 'default',
  RUNNING: 'processing',
  COMPLETE: 'success',
  FAIL: 'error',
};

export function ReplayStatusTag({ status }: { status: ReplayStatus }) {
  const { t } = useTranslation('risk');
  return <StatusTag color={REPLAY_COLORS[status]}>{t(`replayStatus.${status}`)}</StatusTag>;
}
