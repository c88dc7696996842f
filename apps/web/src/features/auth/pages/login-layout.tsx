import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../../shared/ui/language-switch.tsx';
import './login.css';

/** Frame of the public /login pages: product name, language switch (the banner), the page in a card (main). */
export function LoginLayout() {
  const { t } = useTranslation('common');
  const { t: ta } = useTranslation('auth');
  return (
    <div className="login-shell">
      <header className="login-toolbar">
        <LanguageSwitch />
      </header>
      <main className="login-card">
        <p className="login-brand">{t('appName')}</p>
        <p className="login-subtitle">{ta('loginSubtitle')}</p>
        <Outlet />
      </main>
    </div>
  );
}
