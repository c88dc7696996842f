import type { BatchSummary } from '@andes/contract/common/batch';
import { PAYOUT_APPROVAL_EXPIRY_DAYS, PAYOUT_BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { payoutBatchCheck, payoutBatchUpload, payoutTemplateDownload } from '@andes/contract/payout/endpoints';
import { Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { BatchTool } from '../../../shared/ui/batch-tool.tsx';
import { BatchCheckPanel } from './batch-check-panel.tsx';

interface BatchPayoutDrawerProps {
  open: boolean;
  country: Country;
  zone: string;
  onClose(): void;
  /** The file's payouts were created (they wait on the Pending tab). */
  onCreated(summary: BatchSummary | null): void;
}

/**
 * Batch payouts (button payment:payout:create): the country's template, a file checked first (each
 * row's errors inline, nothing created), then its valid rows created as one batch with an e-mailed
 * code; the result file lists every row's outcome.
 */
export function BatchPayoutDrawer({ open, country, zone, onClose, onCreated }: BatchPayoutDrawerProps) {
  const { t } = useTranslation('payout');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  return (
    <Drawer open={open} onClose={onClose} title={t('batchTitle')} size={mobile ? '100%' : 760} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('batchIntro', { country: tc(`countryName.${country}`), rows: PAYOUT_BATCH_MAX_ROWS, days: PAYOUT_APPROVAL_EXPIRY_DAYS })}
        </Typography.Paragraph>
        <BatchTool
          key={country}
          template={payoutTemplateDownload}
          templateBody={{ country }}
          upload={payoutBatchUpload}
          maxRows={PAYOUT_BATCH_MAX_ROWS}
          check={{
            endpoint: payoutBatchCheck,
            fields: { country },
            summary: (check) => ({ total: check.total, ok: check.ok, failed: check.failed }),
            render: (check, actions) => <BatchCheckPanel check={check} actions={actions} country={country} zone={zone} />,
          }}
          onChecked={onCreated}
        />
      </Flex>
    </Drawer>
  );
}
