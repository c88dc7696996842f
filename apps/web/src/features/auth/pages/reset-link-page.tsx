import { PASSWORD_MAX_LENGTH } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { isStrongPassword } from '@andes/contract/common/validators';
import { RESET_TOKEN_QUERY } from '@andes/contract/password/schemas';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { FORGOT_PASSWORD_PATH, LOGIN_FORM_PATH } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { usePasswordReset, useResetLinkVerify } from '../api/use-reset-link.ts';
import { BackToSignIn } from '../components/back-to-sign-in.tsx';
import { PasswordChecklist } from '../components/password-checklist.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { PASSWORD_RESET_NOTICE } from '../login-notice.ts';

function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ResultCode.NOT_FOUND || error.code === ResultCode.UNAUTHORIZED || error.code === ResultCode.SESSION_EXPIRED)
  );
}

/** The link is unknown, used or expired: say so, and offer a new one. */
function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <>
      <h1 className="login-title">{t('resetLinkTitle')}</h1>
      <div className="login-alert login-alert--warning" role="alert">
        {t('linkInvalid')}
      </div>
      <p>
        <Link className="login-link" to={FORGOT_PASSWORD_PATH}>
          {t('requestNewLink')}
        </Link>
      </p>
      <BackToSignIn />
    </>
  );
}

function NewPasswordForm({ token, username, expiresAt }: { token: string; username: string; expiresAt: string }) {
  const { t } = useTranslation('auth');
  const [language] = useLanguage();
  const id = useId();
  const navigate = useAppNavigate();
  const reset = usePasswordReset(token);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<'weak' | 'mismatch' | 'confirmMissing' | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (error !== null && isInvalidLink(error)) return <InvalidLink />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const found = !isStrongPassword(newPassword)
      ? 'weak'
      : confirmPassword === ''
        ? 'confirmMissing'
        : confirmPassword !== newPassword
          ? 'mismatch'
          : null;
    setProblem(found);
    if (found) return;
    reset.mutate(
      { newPassword, confirmPassword },
      {
        onSuccess: () => navigate(LOGIN_FORM_PATH, { replace: true, state: { notice: PASSWORD_RESET_NOTICE } }),
        onError: setError,
      },
    );
  };

  const until = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));
  const confirmError = problem === 'mismatch' ? t('passwordMismatch') : problem === 'confirmMissing' ? t('confirmPasswordRequired') : null;

  return (
    <>
      <h1 className="login-title">{t('resetLinkTitle')}</h1>
      <p>{t('resetLinkFor', { username })}</p>
      <p className="andes-muted">{t('resetLinkUntil', { time: until })}</p>
      <form onSubmit={submit} noValidate aria-busy={reset.isPending}>
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <div className="login-field">
          <label htmlFor={`${id}-new`}>{t('newPassword')}</label>
          <input
            id={`${id}-new`}
            type="password"
            className="andes-input"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={newPassword}
            disabled={reset.isPending}
            aria-invalid={problem === 'weak'}
            aria-describedby={`${id}-rules`}
            onChange={(event) => {
              setNewPassword(event.target.value);
              if (problem === 'weak') setProblem(null);
            }}
          />
          <PasswordChecklist password={newPassword} id={`${id}-rules`} />
          {problem === 'weak' && <span className="login-field-error">{t('passwordWeak')}</span>}
        </div>
        <div className="login-field">
          <label htmlFor={`${id}-confirm`}>{t('confirmPassword')}</label>
          <input
            id={`${id}-confirm`}
            type="password"
            className="andes-input"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirmPassword}
            disabled={reset.isPending}
            aria-invalid={confirmError !== null}
            aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              if (problem === 'mismatch' || problem === 'confirmMissing') setProblem(null);
            }}
          />
          {confirmError && (
            <span id={`${id}-confirm-error`} className="login-field-error">
              {confirmError}
            </span>
          )}
        </div>
        <SubmitButton pending={reset.isPending}>{t('setPassword')}</SubmitButton>
        {error !== null && (
          <div className="login-alert" role="alert">
            {errorMessage(error)}
          </div>
        )}
      </form>
    </>
  );
}

/**
 * `/login/reset-password?token=…`: a one-time reset link (forgot password, a new user, an admin's
 * reset). The page checks the link, then sets the new password with the link's token — the token
 * goes in the token header instead of the stored one (spec §2) — and sends the person to sign in.
 */
export function ResetLinkPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get(RESET_TOKEN_QUERY);
  const verify = useResetLinkVerify(token);

  if (!token) return <InvalidLink />;
  if (verify.isError) {
    if (isInvalidLink(verify.error)) return <InvalidLink />;
    return (
      <>
        <h1 className="login-title">{t('resetLinkTitle')}</h1>
        <div className="login-alert" role="alert">
          {errorMessage(verify.error)}
        </div>
        <button type="button" className="andes-button" onClick={() => void verify.refetch()} style={{ marginTop: 16 }}>
          {t('retry')}
        </button>
      </>
    );
  }
  if (!verify.data) {
    return (
      <div className="andes-center andes-center--inline" role="status" aria-busy="true">
        <div className="andes-spinner" aria-hidden="true" />
        <span className="andes-muted">{t('checkingLink')}</span>
      </div>
    );
  }
  return <NewPasswordForm token={token} username={verify.data.username} expiresAt={verify.data.expiresAt} />;
}
