import { MFA_BINDING_TTL_MINUTES } from '@andes/contract/common/constants';
import { Alert, Button, Flex, Modal, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { CopyField } from '../../../shared/ui/copy-field.tsx';
import { useMfaActivate } from '../api/use-mfa-activate.ts';
import { useMfaChanged } from '../api/use-mfa-changed.ts';
import { useMfaOpen } from '../api/use-mfa-open.ts';
import { MfaCodeStep } from './mfa-code-step.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** Authenticator apps people commonly use; named only, the dialog links nowhere. */
export const AUTHENTICATOR_APPS = ['Google Authenticator', 'Microsoft Authenticator', 'Authy', '1Password', 'FreeOTP'] as const;

type Step = 0 | 1 | 2;

/** Step 2: the secret from `/open` as a QR code, and as a key to type by hand. */
function ScanStep({
  binding,
  onRetry,
  onBack,
  onNext,
}: {
  binding: ReturnType<typeof useMfaOpen>;
  onRetry(): void;
  onBack(): void;
  onNext(): void;
}) {
  const { t } = useTranslation('mfa');
  if (binding.isError) {
    return (
      <Flex vertical gap={12}>
        <Alert type="error" showIcon role="alert" title={errorMessage(binding.error)} />
        <Flex gap={8} justify="flex-end">
          <Button onClick={onBack}>{t('bind.back')}</Button>
          <Button type="primary" onClick={onRetry}>
            {t('bind.retry')}
          </Button>
        </Flex>
      </Flex>
    );
  }
  if (!binding.data) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin aria-label={t('bind.loadingSecret')} />
      </Flex>
    );
  }
  const { data } = binding;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>{t('bind.scanText')}</Typography.Text>
      <Flex justify="center">
        <img src={data.qrCodeDataUrl} alt={t('bind.qrAlt')} width={180} height={180} />
      </Flex>
      <Typography.Text type="secondary">{t('bind.account', { account: data.accountName, issuer: data.issuer })}</Typography.Text>
      <Typography.Text>{t('bind.manual')}</Typography.Text>
      <CopyField value={data.secret} label={t('bind.secretLabel')} />
      <Typography.Text type="secondary">{t('bind.expires', { minutes: MFA_BINDING_TTL_MINUTES })}</Typography.Text>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onBack}>{t('bind.back')}</Button>
        <Button type="primary" onClick={onNext}>
          {t('bind.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Step 3: the code from the app turns MFA on; the answer carries the recovery codes. */
function ActivateStep({ onBack, onActivated }: { onBack(): void; onActivated(codes: string[]): void }) {
  const { t } = useTranslation('mfa');
  const activate = useMfaActivate();
  return (
    <MfaCodeStep
      text={t('bind.activateText')}
      label={t('bind.activationCode')}
      mutation={activate}
      codesOf={(result) => (result.activated ? result.recoveryCodes : null)}
      refusedMessage={t('activateFailed')}
      onCodes={onActivated}
      actions={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onBack} disabled={activate.isPending}>
            {t('bind.back')}
          </Button>
        </Flex>
      }
    />
  );
}

/**
 * The MFA binding dialog in 3 steps (spec §2 overlays): download an authenticator app, scan the
 * QR code, enter the activation code. Once MFA is on, the recovery codes show once; the dialog
 * closes only after "I have saved these codes".
 */
export function MfaBindingDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('mfa');
  const { data: user } = useCurrentUserInfo();
  const mfaChanged = useMfaChanged();
  const [step, setStep] = useState<Step>(0);
  const [codes, setCodes] = useState<string[] | null>(null);
  // One secret per opening of the dialog: going back from step 3 to step 2 shows the same QR code.
  const binding = useMfaOpen();

  const toScan = () => {
    if (binding.isIdle || binding.isError) binding.mutate();
    setStep(1);
  };

  const close = () => {
    setStep(0);
    setCodes(null);
    binding.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('bind.title')}
      footer={null}
      destroyOnHidden
      width={520}
      closable={codes === null}
      mask={{ closable: false }}
      keyboard={codes === null}
      onCancel={close}
    >
      {codes === null ? (
        <Flex vertical gap={16}>
          <Steps
            size="small"
            current={step}
            items={[{ title: t('bind.step.download') }, { title: t('bind.step.scan') }, { title: t('bind.step.activate') }]}
          />
          {step === 0 && (
            <Flex vertical gap={12}>
              <Typography.Text>{t('bind.downloadText')}</Typography.Text>
              <ul aria-label={t('bind.appsLabel')} style={{ margin: 0 }}>
                {AUTHENTICATOR_APPS.map((app) => (
                  <li key={app}>{app}</li>
                ))}
              </ul>
              <Flex gap={8} justify="flex-end">
                <Button onClick={close}>{t('bind.cancel')}</Button>
                <Button type="primary" onClick={toScan}>
                  {t('bind.next')}
                </Button>
              </Flex>
            </Flex>
          )}
          {step === 1 && (
            <ScanStep binding={binding} onRetry={() => binding.mutate()} onBack={() => setStep(0)} onNext={() => setStep(2)} />
          )}
          {step === 2 && (
            <ActivateStep
              onBack={() => setStep(1)}
              onActivated={(recoveryCodes) => {
                setCodes(recoveryCodes);
                void mfaChanged();
              }}
            />
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Alert type="success" showIcon title={t('bind.activated')} />
          <RecoveryCodes codes={codes} account={user?.username ?? ''} onDone={close} />
        </Flex>
      )}
    </Modal>
  );
}
