import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { LOGIN_STATUS_REASONS, type LoginStatusReason, RETRY_AT_PARAM } from '../after-login.ts';
import { BackToSignIn } from '../components/back-to-sign-in.tsx';

function serverMessage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>).message;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** `/login/status?reason=locked|disabled|ip[&retryAt=…]`: why sign-in cannot go on, and a way back. */
export function LoginStatusPage() {
  const { t } = useTranslation('auth');
  const [language] = useLanguage();
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = params.get('reason');
  const reason = (LOGIN_STATUS_REASONS as readonly (string | null)[]).includes(raw) ? (raw as LoginStatusReason) : null;
  const retryAt = Date.parse(params.get(RETRY_AT_PARAM) ?? '');
  const detail = serverMessage(location.state);
  const explanation =
    reason === 'locked'
      ? t('reason.locked')
      : reason === 'disabled'
        ? t('reason.disabled')
        : reason === 'ip'
          ? t('reason.ip')
          : t('reason.unknown');

  return (
    <>
      <h1 className="login-title">{t('statusTitle')}</h1>
      <div className="login-alert login-alert--warning" role="status">
        <strong>{explanation}</strong>
        {detail && <p>{detail}</p>}
        {!Number.isNaN(retryAt) && (
          <p>
            {t('retryAt', {
              time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(retryAt)),
            })}
          </p>
        )}
      </div>
      <BackToSignIn />
    </>
  );
}
