import { formatDateTime } from '@andes/contract/common/dates';
import { formatCents } from '@andes/contract/common/money';
import type { PaymentLink } from '@andes/contract/payment-link/schemas';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../shared/ui/copy-field.tsx';
import { qrFileName } from '../payment-link-form.ts';
import { LinkQr } from './link-qr.tsx';

interface LinkResultProps {
  link: PaymentLink;
  zone: string;
  onAnother(): void;
  onClose(): void;
}

/** A link just generated: its address to copy, its QR code, and the way on. */
export function LinkResult({ link, zone, onAnother, onClose }: LinkResultProps) {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  return (
    <Result
      status="success"
      title={t('result.title')}
      subTitle={t('result.subTitle', {
        linkId: link.linkId,
        amount: formatCents(link.amount, link.currency),
        expiresAt: formatDateTime(link.expiresAt, zone),
      })}
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button type="primary" onClick={onAnother}>
            {t('result.another')}
          </Button>
          <Button onClick={onClose}>{tc('close')}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <CopyField value={link.url} label={t('result.url')} />
        <LinkQr value={link.url} label={t('qr.image', { linkId: link.linkId })} download={qrFileName(link.linkId)} />
      </Flex>
    </Result>
  );
}
