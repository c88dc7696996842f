import type { PaymentLink } from '@andes/contract/payment-link/schemas';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../shared/ui/copy-field.tsx';
import { qrFileName } from '../payment-link-form.ts';
import { LinkQr } from './link-qr.tsx';

/** A link's QR code (downloadable as PNG) and its address to copy. */
export function LinkShareModal({ link, onClose }: { link: PaymentLink | null; onClose(): void }) {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  return (
    <Modal
      open={link !== null}
      title={link ? t('qr.title', { linkId: link.linkId }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{tc('close')}</Button>}
      destroyOnHidden
    >
      {link && (
        <Flex vertical gap={16}>
          <LinkQr value={link.url} label={t('qr.image', { linkId: link.linkId })} download={qrFileName(link.linkId)} />
          <Typography.Text type="secondary">{t('qr.hint')}</Typography.Text>
          <CopyField value={link.url} label={t('result.url')} />
        </Flex>
      )}
    </Modal>
  );
}
