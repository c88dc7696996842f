import { PASSWORD_HISTORY_DEPTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@andes/contract/common/constants';
import { PASSWORD_RULES, unmetPasswordRules } from '@andes/contract/common/validators';
import { useTranslation } from 'react-i18next';
import './password-checklist.css';

/**
 * The password policy as a live checklist (spec §5): each rule ticks as the new password meets it.
 * Plain HTML, so the pages without antd can use it. The rules only the server can check (history,
 * leaked passwords) are named below it.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const unmet = new Set(unmetPasswordRules(password));
  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  // The upper bound is only worth naming once it is broken.
  const rules = PASSWORD_RULES.filter((rule) => rule !== 'MAX_LENGTH' || unmet.has('MAX_LENGTH'));
  return (
    <div id={id} className="password-checklist">
      <ul aria-label={t('policyTitle')}>
        {rules.map((rule) => {
          const met = !unmet.has(rule);
          return (
            <li key={rule} className={met ? 'password-rule password-rule--met' : 'password-rule'} data-met={met}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`passwordRule.${rule}`, limits)}
              <span className="andes-visually-hidden">{met ? t('ruleMet') : t('ruleUnmet')}</span>
            </li>
          );
        })}
      </ul>
      <p className="password-checklist-note">{t('policyServer', { depth: PASSWORD_HISTORY_DEPTH })}</p>
    </div>
  );
}
