import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** The change-password dialog of the user menu (spec §2 overlays). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('auth');
  return (
    <Modal open={open} title={t('changePassword')} onCancel={onClose} footer={null} destroyOnHidden>
      <ChangePasswordForm
        onDone={() => {
          notify.success(t('passwordChanged'));
          onClose();
        }}
      />
    </Modal>
  );
}
