import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { LOGIN_FORM_PATH, REDIRECT_PARAM, safeRedirectPath } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { AntdProvider } from '../../../shared/ui/antd-provider.tsx';
import { DAYS_LEFT_PARAM, parseResetScene } from '../after-login.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { useSignOut } from '../hooks/use-sign-out.ts';

/**
 * `/login/resetPsw?scene=initial|expired|about2expire`: the password change a sign-in asked for.
 * Needs a session; ABOUT2EXPIRE can be skipped.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const token = useAppStore((s) => s.token);
  const { signOut, pending } = useSignOut();

  if (!token) return <Navigate to={LOGIN_FORM_PATH} replace />;

  const scene = parseResetScene(params.get('scene'));
  const target = safeRedirectPath(params.get(REDIRECT_PARAM));
  const days = Number.parseInt(params.get(DAYS_LEFT_PARAM) ?? '', 10);
  const explanation =
    scene === 'initial'
      ? t('scene.initial')
      : scene === 'expired'
        ? t('scene.expired')
        : scene === 'about2expire'
          ? t('scene.about2expire', { days: Number.isNaN(days) ? EMPTY_PLACEHOLDER : days })
          : t('scene.voluntary');

  return (
    <AntdProvider>
      <h1 className="login-title">{t('resetTitle')}</h1>
      <Alert type={scene === 'about2expire' ? 'warning' : 'info'} showIcon title={explanation} style={{ marginBottom: 16 }} />
      <ChangePasswordForm
        onDone={() => {
          notify.success(t('passwordChanged'));
          navigate(target, { replace: true });
        }}
        actions={scene === 'about2expire' && <Button onClick={() => navigate(target, { replace: true })}>{t('skip')}</Button>}
      />
      <Button type="link" onClick={() => void signOut()} loading={pending} style={{ paddingInline: 0, marginTop: 8 }}>
        {t('backToSignIn')}
      </Button>
    </AntdProvider>
  );
}
