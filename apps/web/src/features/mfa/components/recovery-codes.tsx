import { formatRecoveryCode } from '@andes/contract/mfa/schemas';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/ui/clipboard.ts';
import { saveText } from '../../../shared/ui/download.ts';

/** Name of the downloaded file. */
export const RECOVERY_CODES_FILE = 'andes-recovery-codes.txt';

/** The text file of the codes: who they are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.map(formatRecoveryCode).join('\n')}\n`;
}

interface RecoveryCodesProps {
  codes: readonly string[];
  /** Whose codes they are (the first line of the file). */
  account: string;
  onDone(): void;
}

/**
 * Recovery codes, shown once: copy, download as .txt, and an "I have saved these codes" check
 * before the dialog can close.
 */
export function RecoveryCodes({ codes, account, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation('mfa');
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const formatted = codes.map(formatRecoveryCode);
  const heading = t('codes.fileHeading', { account });

  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('codes.once')} />
      <ol
        aria-label={t('codes.listLabel')}
        style={{ columns: 2, margin: 0, paddingInlineStart: 24, fontFamily: 'monospace', fontSize: 15 }}
      >
        {formatted.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button
          icon={<CopyOutlined aria-hidden />}
          onClick={() => {
            void copyText(formatted.join('\n')).then(setCopied);
          }}
        >
          {copied ? t('codes.copied') : t('codes.copy')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => saveText(recoveryCodesText(codes, heading), RECOVERY_CODES_FILE)}>
          {t('codes.download')}
        </Button>
      </Flex>
      {copied === false && <Typography.Text type="warning">{t('codes.copyFailed')}</Typography.Text>}
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
        {t('codes.saved')}
      </Checkbox>
      <Flex justify="flex-end">
        <Button type="primary" disabled={!saved} onClick={onDone}>
          {t('codes.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
