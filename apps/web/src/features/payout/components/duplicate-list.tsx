import { formatDateTime } from '@andes/contract/common/dates';
import type { PayoutDuplicate } from '@andes/contract/payout/schemas';
import { Alert } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** What a duplicate repeats: an earlier payout (paid or pending in the window) or another row of the file. */
export function duplicateText(t: TFunction<'payout'>, duplicate: PayoutDuplicate, zone: string): string {
  if (duplicate.rowNumber !== null) return t('duplicates.row', { row: duplicate.rowNumber });
  return t('duplicates.payout', {
    uniqueId: duplicate.uniqueId ?? '',
    status: duplicate.status ? t(`status.${duplicate.status}`) : '',
    time: duplicate.createdAt ? formatDateTime(duplicate.createdAt, zone) : '',
  });
}

/** The possible duplicates of a single payout, each with what it repeats. */
export function DuplicateList({ duplicates, zone }: { duplicates: readonly PayoutDuplicate[]; zone: string }) {
  const { t } = useTranslation('payout');
  return (
    <Alert
      type="warning"
      showIcon
      title={t('duplicates.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {duplicates.map((duplicate, index) => (
            <li key={`${duplicate.uniqueId ?? duplicate.rowNumber ?? index}`}>{duplicateText(t, duplicate, zone)}</li>
          ))}
        </ul>
      }
    />
  );
}
