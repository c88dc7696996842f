import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard.ts';

/** How long the button says "Copied". */
const COPIED_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A read-only value (a link, a secret) with a copy button. When the browser refuses the
 * clipboard, the text is selected and the person is asked to copy it by hand.
 */
export function CopyField({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('common');
  const hintId = useId();
  const [state, setState] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    if (await copyText(value)) {
      setState('copied');
      return;
    }
    setState('failed');
    inputRef.current?.select();
  };

  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={value}
          aria-label={label}
          aria-describedby={state === 'failed' ? hintId : undefined}
          ref={(input) => {
            inputRef.current = input?.input ?? null;
          }}
          onFocus={(event) => event.target.select()}
          style={{ fontFamily: 'monospace' }}
        />
        <Button icon={state === 'copied' ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {state === 'copied' ? t('copied') : t('copy')}
        </Button>
      </Space.Compact>
      {state === 'failed' && (
        <Typography.Text id={hintId} type="warning" role="status">
          {t('copyFailed')}
        </Typography.Text>
      )}
    </div>
  );
}
