import { formatDateTime } from '@andes/contract/common/dates';
import type { ResetLink } from '@andes/contract/iam/schemas';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { CopyField } from '../../../shared/ui/copy-field.tsx';

/** What the modal says the link is for. */
export type ResetLinkReason = 'created' | 'reset';

/**
 * A one-time reset link an admin hands over (a new user, an admin's password reset): the server
 * e-mailed it too. Shown once; it is never put in the URL or stored.
 */
export function ResetLinkModal({
  link,
  username,
  reason,
  onClose,
}: {
  link: ResetLink | null;
  username: string;
  reason: ResetLinkReason;
  onClose(): void;
}) {
  const { t } = useTranslation('iam');
  const zone = useDisplayTimeZone();
  return (
    <Modal
      open={link !== null}
      title={reason === 'created' ? t('resetLink.createdTitle', { username }) : t('resetLink.resetTitle', { username })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('resetLink.done')}
        </Button>
      }
    >
      {link && (
        <Flex vertical gap={12}>
          <Alert type="success" showIcon title={t('resetLink.emailed', { email: link.emailedTo })} />
          <Typography.Text>{t('resetLink.handOver')}</Typography.Text>
          <CopyField value={link.link} label={t('resetLink.label')} />
          <Typography.Text type="secondary">
            {t('resetLink.expires', { time: formatDateTime(link.expiresAt, zone, { withZone: true }) })}
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
