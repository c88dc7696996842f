import { formatDateTime } from '@andes/contract/common/dates';
import type { MfaProofRequest } from '@andes/contract/mfa/schemas';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notify } from '../../../shared/api/notifier.ts';
import { useCurrentUserInfo } from '../../../shared/auth/use-current-user-info.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { StatusTag } from '../../../shared/ui/status-tag.tsx';
import { useMfaChanged } from '../api/use-mfa-changed.ts';
import { useMfaClose } from '../api/use-mfa-close.ts';
import { useMfaRegenerate } from '../api/use-mfa-regenerate.ts';
import { useMfaStatus } from '../api/use-mfa-status.ts';
import { MfaBindingDialog } from './mfa-binding-dialog.tsx';
import { MfaCodeStep } from './mfa-code-step.tsx';
import { MfaProofInput } from './mfa-proof-input.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type View = { name: 'overview' } | { name: 'disable' } | { name: 'regenerate' } | { name: 'codes'; codes: string[] };

/** Turning MFA off: a current code or a recovery code. */
function DisableView({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('mfa');
  const close = useMfaClose();
  const [error, setError] = useState<string | null>(null);
  const submit = async (proof: MfaProofRequest): Promise<boolean> => {
    setError(null);
    try {
      const result = await close.mutateAsync(proof);
      if (result.authResult) {
        onDone();
        return true;
      }
      setError(proof.recoveryCode === undefined ? t('codeIncorrect') : t('recoveryIncorrect'));
    } catch (failure) {
      setError(errorMessage(failure));
    }
    return false;
  };
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('settings.disableWarning')} />
      <MfaProofInput onSubmit={submit} pending={close.isPending} error={error} onClearError={() => setError(null)} autoFocus />
      <Flex justify="flex-end">
        <Button onClick={onCancel}>{t('bind.cancel')}</Button>
      </Flex>
    </Flex>
  );
}

/** New recovery codes: the app's current code proves the device. */
function RegenerateView({ onCodes, onCancel }: { onCodes(codes: string[]): void; onCancel(): void }) {
  const { t } = useTranslation('mfa');
  const regenerate = useMfaRegenerate();
  return (
    <MfaCodeStep
      text={t('settings.regenerateText')}
      label={t('codeLabel')}
      mutation={regenerate}
      codesOf={(result) => (result.authResult ? result.recoveryCodes : null)}
      refusedMessage={t('codeIncorrect')}
      onCodes={onCodes}
      actions={
        <Flex justify="flex-end">
          <Button onClick={onCancel}>{t('bind.cancel')}</Button>
        </Flex>
      }
    />
  );
}

/**
 * Two-factor authentication in the account menu: whether it is on, since when, how many recovery
 * codes are left; turn it on (the binding dialog), off (needs a code), or issue new recovery codes.
 */
export function MfaSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('mfa');
  const zone = useDisplayTimeZone();
  const { data: user } = useCurrentUserInfo();
  const status = useMfaStatus(open);
  const mfaChanged = useMfaChanged();
  const [view, setView] = useState<View>({ name: 'overview' });
  const [binding, setBinding] = useState(false);

  const close = () => {
    setView({ name: 'overview' });
    onClose();
  };
  const showingCodes = view.name === 'codes';

  let body: ReactNode;
  if (view.name === 'disable') {
    body = (
      <DisableView
        onCancel={() => setView({ name: 'overview' })}
        onDone={() => {
          notify.success(t('settings.disabled'));
          setView({ name: 'overview' });
          void mfaChanged();
        }}
      />
    );
  } else if (view.name === 'regenerate') {
    body = (
      <RegenerateView
        onCancel={() => setView({ name: 'overview' })}
        onCodes={(codes) => {
          setView({ name: 'codes', codes });
          void mfaChanged();
        }}
      />
    );
  } else if (view.name === 'codes') {
    body = <RecoveryCodes codes={view.codes} account={user?.username ?? ''} onDone={() => setView({ name: 'overview' })} />;
  } else if (status.isError) {
    body = <Alert type="error" showIcon role="alert" title={errorMessage(status.error)} />;
  } else if (!status.data) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin aria-label={t('settings.loading')} />
      </Flex>
    );
  } else {
    const mfa = status.data;
    body = (
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('settings.intro')}</Typography.Text>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'status',
              label: t('settings.status'),
              children: (
                <StatusTag color={mfa.enabled ? 'success' : 'default'}>{mfa.enabled ? t('settings.on') : t('settings.off')}</StatusTag>
              ),
            },
            ...(mfa.enabled
              ? [
                  {
                    key: 'boundAt',
                    label: t('settings.boundAt'),
                    children: mfa.boundAt ? formatDateTime(mfa.boundAt, zone, { withZone: true }) : '--',
                  },
                  { key: 'codesLeft', label: t('settings.codesLeft'), children: String(mfa.recoveryCodesLeft) },
                ]
              : []),
          ]}
        />
        {mfa.enabled && mfa.recoveryCodesLeft <= 2 && <Alert type="warning" showIcon title={t('settings.fewCodes')} />}
        <Flex gap={8} justify="flex-end" wrap>
          {mfa.enabled ? (
            <>
              <Button onClick={() => setView({ name: 'regenerate' })}>{t('settings.regenerate')}</Button>
              <Button danger onClick={() => setView({ name: 'disable' })}>
                {t('settings.disable')}
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => setBinding(true)}>
              {t('settings.enable')}
            </Button>
          )}
        </Flex>
      </Flex>
    );
  }

  return (
    <>
      <Modal
        open={open && !binding}
        title={t('settings.title')}
        footer={null}
        destroyOnHidden
        width={480}
        closable={!showingCodes}
        mask={{ closable: false }}
        keyboard={!showingCodes}
        onCancel={close}
      >
        {body}
      </Modal>
      <MfaBindingDialog open={open && binding} onClose={() => setBinding(false)} />
    </>
  );
}
