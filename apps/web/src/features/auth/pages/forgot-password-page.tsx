import { EMAIL_MAX_LENGTH, MERCHANT_CODE_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@andes/contract/common/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useForgotPassword } from '../api/use-forgot-password.ts';
import { BackToSignIn } from '../components/back-to-sign-in.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

type Field = 'merchantCode' | 'account';

/**
 * `/login/forgetPsw`: merchant code and account or e-mail (spec §5). Whatever the answer, the page
 * says the same thing afterwards: it never tells whether the account exists.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const id = useId();
  const forgot = useForgotPassword();
  const [values, setValues] = useState<Record<Field, string>>({ merchantCode: '', account: '' });
  const [missing, setMissing] = useState<ReadonlySet<Field>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = new Set<Field>((['merchantCode', 'account'] as const).filter((f) => values[f].trim() === ''));
    setMissing(empty);
    setError(null);
    if (empty.size > 0) return;
    forgot.mutate(
      { merchantCode: values.merchantCode.trim(), account: values.account.trim() },
      { onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  if (forgot.isSuccess) {
    return (
      <>
        <h1 className="login-title">{t('forgotTitle')}</h1>
        <div className="login-alert login-alert--success" role="status">
          {t('forgotSent')}
        </div>
        <BackToSignIn />
      </>
    );
  }

  const field = (name: Field, label: string, required: string, maxLength: number, autoComplete: string) => {
    const errorId = `${id}-${name}-error`;
    const invalid = missing.has(name);
    return (
      <div className="login-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          className="andes-input"
          autoComplete={autoComplete}
          maxLength={maxLength}
          value={values[name]}
          disabled={forgot.isPending}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setValues((v) => ({ ...v, [name]: value }));
            if (invalid && value.trim() !== '') setMissing((m) => new Set([...m].filter((f) => f !== name)));
          }}
        />
        {invalid && (
          <span id={errorId} className="login-field-error">
            {required}
          </span>
        )}
      </div>
    );
  };

  return (
    <>
      <h1 className="login-title">{t('forgotTitle')}</h1>
      <p className="andes-muted">{t('forgotIntro')}</p>
      <form onSubmit={submit} noValidate aria-busy={forgot.isPending}>
        {field('merchantCode', t('merchantCode'), t('merchantCodeRequired'), MERCHANT_CODE_MAX_LENGTH, 'organization')}
        {field('account', t('accountOrEmail'), t('accountRequired'), Math.max(USERNAME_MAX_LENGTH, EMAIL_MAX_LENGTH), 'username')}
        <SubmitButton pending={forgot.isPending}>{t('sendLink')}</SubmitButton>
        {error && (
          <div className="login-alert" role="alert">
            {error}
          </div>
        )}
      </form>
      <BackToSignIn />
    </>
  );
}
