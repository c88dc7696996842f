import { MFA_CODE_LENGTH } from '@andes/contract/common/constants';
import { isCompleteMfaCode, normalizeMfaCode } from '@andes/contract/common/validators';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';

interface MfaCodeInputProps {
  value: string;
  onChange(code: string): void;
  /** Called once the code has all 6 digits: the code submits by itself (spec §5). */
  onComplete(code: string): void;
  label: string;
  disabled?: boolean;
  /** Accessible description (the error shown under the input). */
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * The 6-digit code of the authenticator app. Whatever is typed or pasted keeps its digits only
 * (full-width ones converted, spaces and dashes dropped), at most 6; at 6 digits it submits.
 */
export function MfaCodeInput({
  value,
  onChange,
  onComplete,
  label,
  disabled = false,
  describedBy,
  invalid = false,
  autoFocus = false,
}: MfaCodeInputProps) {
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    if (autoFocus && !disabled) ref.current?.focus();
  }, [autoFocus, disabled]);
  return (
    <Input
      ref={ref}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      status={invalid ? 'error' : undefined}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={'0'.repeat(MFA_CODE_LENGTH)}
      value={value}
      disabled={disabled}
      size="large"
      style={{ fontFamily: 'monospace', letterSpacing: '0.4em', textAlign: 'center' }}
      onChange={(event) => {
        const code = normalizeMfaCode(event.target.value);
        onChange(code);
        if (isCompleteMfaCode(code) && code !== value) onComplete(code);
      }}
    />
  );
}
