import {
  PAYOUT_VERIFY_CODE_LENGTH,
  PAYOUT_VERIFY_CODE_RESEND_SECONDS,
  PAYOUT_VERIFY_CODE_TTL_MINUTES,
} from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { normalizeMfaCode } from '@andes/contract/common/validators';
import type { PayoutVerifyCodeSent } from '@andes/contract/payout/schemas';
import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { useVerifyCodeSend } from '../api/use-payouts.ts';
import { usePayoutText } from '../hooks/use-payout-text.ts';

interface VerifyCodeStepProps {
  country: Country;
  zone: string;
  /** The payouts the code is for: their number and total amount (cents) — the code is bound to both. */
  count: number;
  amount: number;
  code: string;
  onCode(code: string): void;
  /** The last code sent for these payouts (held by the caller, so it survives going back and forth). */
  sent: PayoutVerifyCodeSent | null;
  onSent(sent: PayoutVerifyCodeSent): void;
  disabled?: boolean;
}

/**
 * What the server's "expired, and sent again" means for the code last sent: a new one is on its
 * way, valid from now, and the pause before another starts again.
 */
export function resentNow(sent: PayoutVerifyCodeSent, at: number = Date.now()): PayoutVerifyCodeSent {
  return {
    ...sent,
    expiresAt: new Date(at + PAYOUT_VERIFY_CODE_TTL_MINUTES * 60_000).toISOString(),
    resendAt: new Date(at + PAYOUT_VERIFY_CODE_RESEND_SECONDS * 1_000).toISOString(),
  };
}

/**
 * The verification of a creation: "Send code" e-mails a 6-digit code to the creator (bound to the
 * payouts' count and total), says where it went and until when it is valid, and offers to send
 * another once the pause is over (a countdown). The code input keeps digits only.
 */
export function VerifyCodeStep({ country, zone, count, amount, code, onCode, sent, onSent, disabled = false }: VerifyCodeStepProps) {
  const { t } = useTranslation('payout');
  const text = usePayoutText();
  const send = useVerifyCodeSend();
  const now = useNow(1_000).getTime();
  const inputId = useId();

  const wait = sent ? Math.max(0, Math.ceil((Date.parse(sent.resendAt) - now) / 1_000)) : 0;
  const ask = () => {
    send.reset();
    send.mutate({ country, count, amount }, { onSuccess: onSent });
  };

  return (
    <Flex vertical gap={8} role="group" aria-label={t('code.title')}>
      <Typography.Text strong>{t('code.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('code.intro', { count })}</Typography.Text>
      <Flex gap={8} align="center" wrap>
        <Button icon={<MailOutlined aria-hidden />} loading={send.isPending} disabled={disabled || wait > 0} onClick={ask}>
          {sent ? (wait > 0 ? t('code.resendIn', { seconds: wait }) : t('code.resend')) : t('code.send')}
        </Button>
      </Flex>
      {sent && (
        <Alert
          type="info"
          showIcon
          role="status"
          title={t('code.sent', { sentTo: sent.sentTo, time: formatDateTime(sent.expiresAt, zone, { withZone: true }) })}
        />
      )}
      {send.isError && <Alert type="error" showIcon role="alert" title={text.failure(send.error)} />}
      <label htmlFor={inputId}>{t('code.label')}</label>
      <Input
        id={inputId}
        value={code}
        onChange={(event) => onCode(normalizeMfaCode(event.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('code.placeholder', { length: PAYOUT_VERIFY_CODE_LENGTH })}
        disabled={disabled}
        style={{ maxWidth: 200, letterSpacing: 4 }}
      />
    </Flex>
  );
}
