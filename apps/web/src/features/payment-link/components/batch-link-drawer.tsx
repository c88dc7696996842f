import type { BatchSummary } from '@andes/contract/common/batch';
import type { Country, Currency } from '@andes/contract/common/countries';
import { paymentLinkBatchCheck, paymentLinkBatchGenerate, paymentLinkTemplateDownload } from '@andes/contract/payment-link/endpoints';
import { PAYMENT_LINK_BATCH_MAX_ROWS } from '@andes/contract/payment-link/schemas';
import { Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { BatchTool } from '../../../shared/ui/batch-tool.tsx';
import { BatchCheckPanel } from './batch-check-panel.tsx';

interface BatchLinkDrawerProps {
  open: boolean;
  country: Country;
  currency: Currency;
  onClose(): void;
  /** The file's links were generated (the result file is there to download). */
  onGenerated(summary: BatchSummary | null): void;
}

/**
 * Batch generation (button payment:payment-link:create): the country's template, a file checked
 * first (each row's errors inline, nothing generated), then its valid rows generated; the result
 * file lists every row with its link.
 */
export function BatchLinkDrawer({ open, country, currency, onClose, onGenerated }: BatchLinkDrawerProps) {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  const mobile = useIsMobile();
  return (
    <Drawer open={open} onClose={onClose} title={t('batch.title')} size={mobile ? '100%' : 760} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('batch.intro', { country: tc(`countryName.${country}`), rows: PAYMENT_LINK_BATCH_MAX_ROWS })}
        </Typography.Paragraph>
        <BatchTool
          key={country}
          template={paymentLinkTemplateDownload}
          templateBody={{ country }}
          upload={paymentLinkBatchGenerate}
          maxRows={PAYMENT_LINK_BATCH_MAX_ROWS}
          check={{
            endpoint: paymentLinkBatchCheck,
            fields: { country, dryRun: 'true' },
            summary: (check) => ({ total: check.total, ok: check.ok, failed: check.failed }),
            render: (check, actions) => <BatchCheckPanel check={check} actions={actions} country={country} currency={currency} />,
          }}
          onChecked={onGenerated}
          saveResult
        />
      </Flex>
    </Drawer>
  );
}
