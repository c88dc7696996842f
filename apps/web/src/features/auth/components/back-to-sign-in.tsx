import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_FORM_PATH } from '../../../shared/navigation/paths.ts';

/** The "Back to sign in" link under a public page of the login area. */
export function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <p>
      <Link className="login-link" to={LOGIN_FORM_PATH}>
        {t('backToSignIn')}
      </Link>
    </p>
  );
}
