import { useTranslation } from 'react-i18next';
import './shell.css';

/** Shown in place of a page while its code loads. */
export function RouteFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="andes-center andes-center--inline" role="status" aria-busy="true">
      <div className="andes-spinner" aria-hidden="true" />
      <span className="andes-visually-hidden">{t('loading')}</span>
    </div>
  );
}
