import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_FORM_PATH } from '../../../shared/navigation/paths.ts';
import { AccountApplicationForm, type ApplicationReceipt } from '../components/account-application-form.tsx';
import { BackToSignIn } from '../components/back-to-sign-in.tsx';
import './register-account.css';

/** The application is in: its number, where the confirmation went, what happens next. */
function ApplicationReceived({ applicationNumber, email }: ApplicationReceipt) {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="register-account">
      <h1 className="login-title" ref={heading} tabIndex={-1}>
        {t('apply.doneTitle')}
      </h1>
      <div className="login-alert login-alert--success login-alert--top" role="status">
        <p className="register-number">
          {t('apply.numberLabel')} <strong>{applicationNumber}</strong>
        </p>
        <p>{t('apply.sentTo', { email })}</p>
      </div>
      <h2 className="register-subtitle">{t('apply.nextTitle')}</h2>
      <p>{t('apply.next')}</p>
      <BackToSignIn />
    </div>
  );
}

/**
 * `/login/registerAccount` (spec §2): apply for a merchant account. The provider opens accounts
 * after its own checks, so this is an application, not a sign-up: the page sends it, then shows
 * the application number and what comes next.
 */
export function RegisterAccountPage() {
  const { t } = useTranslation('auth');
  const [receipt, setReceipt] = useState<ApplicationReceipt | null>(null);

  if (receipt) return <ApplicationReceived {...receipt} />;
  return (
    <>
      <h1 className="login-title">{t('apply.title')}</h1>
      <p className="andes-muted register-intro">{t('apply.intro')}</p>
      <AccountApplicationForm onReceived={setReceipt} />
      <p className="login-aside">
        {t('apply.haveAccount')}{' '}
        <Link className="login-link" to={LOGIN_FORM_PATH}>
          {t('signIn')}
        </Link>
      </p>
    </>
  );
}
