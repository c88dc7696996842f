import type { ChangePasswordRequest } from '@andes/contract/auth/schemas';
import { PASSWORD_MAX_LENGTH } from '@andes/contract/common/constants';
import { isStrongPassword } from '@andes/contract/common/validators';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useChangePassword } from '../api/use-change-password.ts';
import { PasswordChecklist } from './password-checklist.tsx';

interface ChangePasswordFormProps {
  /** Called after the server accepted the new password. */
  onDone(): void;
  /** More actions beside the submit button (skip, cancel). */
  actions?: ReactNode;
}

/** Current password, new password (spec §5 policy, as a live checklist) and its confirmation. */
export function ChangePasswordForm({ onDone, actions }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ChangePasswordRequest>();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const newPassword = Form.useWatch('newPassword', form) ?? '';

  const submit = (values: ChangePasswordRequest) => {
    setError(null);
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        onDone();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Form<ChangePasswordRequest>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={change.isPending}
    >
      <Form.Item label={t('currentPassword')} name="oldPassword" rules={[{ required: true, message: t('currentPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        label={t('newPassword')}
        name="newPassword"
        extra={<PasswordChecklist password={newPassword} />}
        rules={[
          { required: true, message: t('newPasswordRequired') },
          {
            validator: async (_, value: string | undefined) => {
              if (value && !isStrongPassword(value)) throw new Error(t('passwordWeak'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        label={t('confirmPassword')}
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('confirmPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end" wrap>
        {actions}
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('changePassword')}
        </Button>
      </Flex>
    </Form>
  );
}
