import { isRecoveryCode, type MfaProofRequest, normalizeRecoveryCode } from '@andes/contract/mfa/schemas';
import { Button, Flex, Input, Typography } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaCodeInput } from './mfa-code-input.tsx';

type Method = 'code' | 'recovery';

interface MfaProofInputProps {
  /** Sends the proof; resolves true when it was accepted (the input is cleared when not). */
  onSubmit(proof: MfaProofRequest): Promise<boolean>;
  pending: boolean;
  /** The answer to the last attempt, shown under the input. */
  error: string | null;
  onClearError(): void;
  autoFocus?: boolean;
}

/**
 * The second factor as the panel and "turn off" ask for it: the app's 6-digit code (submitted at 6
 * digits), or instead one of the recovery codes.
 */
export function MfaProofInput({ onSubmit, pending, error, onClearError, autoFocus = false }: MfaProofInputProps) {
  const { t } = useTranslation('mfa');
  const errorId = useId();
  const [method, setMethod] = useState<Method>('code');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [recoveryInvalid, setRecoveryInvalid] = useState(false);

  const send = async (proof: MfaProofRequest) => {
    const accepted = await onSubmit(proof);
    if (!accepted) {
      setCode('');
      setRecovery('');
    }
  };

  const submitRecovery = (event: FormEvent) => {
    event.preventDefault();
    if (!isRecoveryCode(normalizeRecoveryCode(recovery))) {
      setRecoveryInvalid(true);
      return;
    }
    void send({ recoveryCode: recovery });
  };

  const switchTo = (next: Method) => {
    setMethod(next);
    setCode('');
    setRecovery('');
    setRecoveryInvalid(false);
    onClearError();
  };

  const message = recoveryInvalid && method === 'recovery' ? t('recoveryInvalid') : error;

  return (
    <Flex vertical gap={12}>
      {method === 'code' ? (
        <>
          <Typography.Text>{t('codePrompt')}</Typography.Text>
          <MfaCodeInput
            label={t('codeLabel')}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (error) onClearError();
            }}
            onComplete={(complete) => void send({ authCode: complete })}
            disabled={pending}
            invalid={message !== null}
            describedBy={message ? errorId : undefined}
            autoFocus={autoFocus}
          />
        </>
      ) : (
        <form onSubmit={submitRecovery} noValidate>
          <Flex vertical gap={12}>
            <Typography.Text>{t('recoveryPrompt')}</Typography.Text>
            <Input
              aria-label={t('recoveryLabel')}
              aria-invalid={message !== null}
              aria-describedby={message ? errorId : undefined}
              status={message ? 'error' : undefined}
              placeholder="XXXXX-XXXXX"
              autoComplete="off"
              spellCheck={false}
              value={recovery}
              disabled={pending}
              size="large"
              style={{ fontFamily: 'monospace' }}
              onChange={(event) => {
                setRecovery(event.target.value);
                setRecoveryInvalid(false);
                if (error) onClearError();
              }}
            />
            <Button type="primary" htmlType="submit" loading={pending} block>
              {t('verify')}
            </Button>
          </Flex>
        </form>
      )}
      {message && (
        <Typography.Text id={errorId} type="danger" role="alert">
          {message}
        </Typography.Text>
      )}
      <Button
        type="link"
        style={{ paddingInline: 0, alignSelf: 'flex-start' }}
        onClick={() => switchTo(method === 'code' ? 'recovery' : 'code')}
      >
        {method === 'code' ? t('useRecoveryCode') : t('useAppCode')}
      </Button>
    </Flex>
  );
}
