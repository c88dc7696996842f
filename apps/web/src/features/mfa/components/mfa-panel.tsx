import type { MfaProofRequest } from '@andes/contract/mfa/schemas';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { apiEvents } from '../../../shared/api/events.ts';
import { useMfaValidate } from '../api/use-mfa-validate.ts';
import { MfaProofInput } from './mfa-proof-input.tsx';

/** Reloads the page once the code was accepted (spec §4, §8); a seam for the tests. */
export const pageReload = {
  reload: () => {
    window.location.reload();
  },
};

interface MfaPanelProps {
  /** The way out for someone without their device or recovery codes. */
  onSignOut?: () => void;
}

/**
 * The two-factor code dialog over any page (spec §2 overlays). It opens when the server answers
 * 200023 (the API client has aborted every call in flight and raised `mfa-required`), blocks the
 * page — no close button, no Escape, no click outside — and after a correct code reloads the page.
 */
export function MfaPanel({ onSignOut }: MfaPanelProps) {
  const { t } = useTranslation('mfa');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const validate = useMfaValidate();

  useEffect(() => apiEvents.on('mfa-required', () => setOpen(true)), []);

  const submit = async (proof: MfaProofRequest): Promise<boolean> => {
    setError(null);
    try {
      const result = await validate.mutateAsync(proof);
      if (result.authResult) {
        setReloading(true);
        pageReload.reload();
        return true;
      }
      setError(proof.recoveryCode === undefined ? t('codeIncorrect') : t('recoveryIncorrect'));
    } catch (failure) {
      setError(errorMessage(failure));
    }
    return false;
  };

  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          {t('panel.title')}
        </Flex>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
      zIndex={2000}
      width={420}
    >
      <MfaProofInput
        onSubmit={submit}
        pending={validate.isPending || reloading}
        error={error}
        onClearError={() => setError(null)}
        autoFocus
      />
      {onSignOut && (
        <Button type="link" style={{ paddingInline: 0 }} onClick={onSignOut}>
          {t('panel.signOut')}
        </Button>
      )}
    </Modal>
  );
}
