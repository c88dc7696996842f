import type { LoginRequest } from '@andes/contract/auth/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/errors.ts';
import { FORGOT_PASSWORD_PATH, REDIRECT_PARAM } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { afterLoginPath, loginStatusPath } from '../after-login.ts';
import { useLogin } from '../api/use-login.ts';
import { LoginForm } from '../components/login-form.tsx';
import { PASSWORD_RESET_NOTICE } from '../login-notice.ts';
import { REGISTER_ACCOUNT_PATH } from '../paths.ts';

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as Record<string, unknown>).notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * `/login/form`: username and password; afterwards `redirectPath` (or home), or the reset/status
 * page. Links to the forgot-password and account application pages; after a reset through a link it says the password is set.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = noticeOf(location.state);
  const navigate = useAppNavigate();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);

  const submit = (values: LoginRequest) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (result) => navigate(afterLoginPath(result, params.get(REDIRECT_PARAM)), { replace: true }),
      onError: (failure) => {
        const status = loginStatusPath(failure);
        if (status) navigate(status, { state: { message: errorMessage(failure) } });
        else setError(errorMessage(failure));
      },
    });
  };

  return (
    <>
      <h1 className="login-title">{t('loginTitle')}</h1>
      {notice === PASSWORD_RESET_NOTICE && (
        <div className="login-alert login-alert--success login-alert--top" role="status">
          {t('passwordResetDone')}
        </div>
      )}
      <LoginForm pending={login.isPending} error={error} onSubmit={submit} />
      <p className="login-aside login-aside--links">
        <Link className="login-link" to={FORGOT_PASSWORD_PATH}>
          {t('forgotPassword')}
        </Link>
        <Link className="login-link" to={REGISTER_ACCOUNT_PATH}>
          {t('applyForAccount')}
        </Link>
      </p>
    </>
  );
}
