import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import { PRODUCTS, type Product } from '@andes/contract/common/enums';
import { MONTHLY_VOLUME_BANDS, type MonthlyVolumeBand } from '@andes/contract/onboarding/schemas';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors.ts';
import {
  type ApplicationField,
  type ApplicationValues,
  checkApplication,
  EMPTY_APPLICATION,
  type FieldProblem,
  type FieldProblems,
  firstProblemField,
  serverProblems,
  TEXT_LIMITS,
  toggled,
} from '../account-application.ts';
import { useAccountApply } from '../api/use-account-apply.ts';
import { SubmitButton } from './submit-button.tsx';

/** What the confirmation shows once the application is in. */
export interface ApplicationReceipt {
  applicationNumber: string;
  email: string;
}

type TextField = 'companyName' | 'contactName' | 'email' | 'phone' | 'website';

interface TextFieldOptions {
  type?: 'text' | 'tel' | 'url';
  inputMode?: 'email' | 'tel' | 'url';
  autoComplete: string;
  optional?: boolean;
  hint?: string;
}

interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps<V extends string> {
  id: string;
  name: ApplicationField;
  type: 'checkbox' | 'radio';
  legend: string;
  options: readonly ChoiceOption<V>[];
  selected: readonly V[];
  onPick(value: V): void;
  error: string | null;
  disabled: boolean;
  /** `grid`: short labels, several a row; `wide`: longer labels, fewer a row; `list`: one a row. */
  layout: 'grid' | 'wide' | 'list';
  firstInput(element: HTMLInputElement | null): void;
}

/** Checkboxes or radios under a legend; the group names its error, each option its hint. */
function ChoiceGroup<V extends string>(props: ChoiceGroupProps<V>) {
  const { id, name, type, legend, options, selected, onPick, error, disabled, layout, firstInput } = props;
  const errorId = `${id}-${name}-error`;
  return (
    <fieldset className="register-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={`register-options register-options--${layout}`}>
        {options.map((option, index) => {
          const inputId = `${id}-${name}-${option.value}`;
          const hintId = `${inputId}-hint`;
          return (
            <div className="register-option" key={option.value}>
              <input
                id={inputId}
                ref={index === 0 ? firstInput : undefined}
                type={type}
                name={name}
                value={option.value}
                checked={selected.includes(option.value)}
                disabled={disabled}
                aria-invalid={type === 'checkbox' ? error !== null : undefined}
                aria-describedby={option.hint ? hintId : undefined}
                onChange={() => onPick(option.value)}
              />
              <label htmlFor={inputId}>{option.label}</label>
              {option.hint && (
                <span id={hintId} className="register-option-hint">
                  {option.hint}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <span id={errorId} className="login-field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * The application form. Its `requestId` is made once, when the form is shown, and sent with every
 * attempt: a retry after a lost answer, or a second click, answers the application already made.
 * Problems come from the contract schema before sending and from the server afterwards; the
 * first field with one gets the focus.
 */
export function AccountApplicationForm({ onReceived }: { onReceived(receipt: ApplicationReceipt): void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const apply = useAccountApply();
  const [requestId] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ field: ApplicationField } | null>(null);
  const sending = useRef(false);
  const elements = useRef<Partial<Record<ApplicationField, HTMLElement | null>>>({});

  useEffect(() => {
    if (focusRequest) elements.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const pending = apply.isPending;

  const problemText = (problem: FieldProblem | undefined): string | null => {
    if (!problem) return null;
    if ('text' in problem) return problem.text;
    return problem.key === 'apply.error.tooLong' ? t(problem.key, { max: problem.max ?? 0 }) : t(problem.key);
  };

  const showProblems = (found: FieldProblems) => {
    setProblems(found);
    const first = firstProblemField(found);
    if (first) setFocusRequest({ field: first });
  };

  const change = <F extends ApplicationField>(field: F, value: ApplicationValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (problems[field]) {
      setProblems((current) => {
        const { [field]: _fixed, ...rest } = current;
        return rest;
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    const checked = checkApplication(values, requestId);
    if (!checked.ok) {
      showProblems(checked.problems);
      return;
    }
    setProblems({});
    sending.current = true;
    apply.mutate(checked.request, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (result) => onReceived({ applicationNumber: result.applicationNumber, email: checked.request.email }),
      onError: (error) => {
        const found = serverProblems(error);
        if (firstProblemField(found)) showProblems(found);
        else setFailure(errorMessage(error));
      },
    });
  };

  const label = (text: string, optional = false): ReactNode =>
    optional ? (
      <>
        {text} <span className="andes-muted">{t('apply.optional')}</span>
      </>
    ) : (
      text
    );

  const textField = (name: TextField, options: TextFieldOptions) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    const error = problemText(problems[name]);
    const describedBy = [options.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
    return (
      <div className="login-field">
        <label htmlFor={inputId}>{label(t(`apply.${name}`), options.optional)}</label>
        <input
          id={inputId}
          ref={(element) => {
            elements.current[name] = element;
          }}
          name={name}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          className="andes-input"
          autoComplete={options.autoComplete}
          spellCheck={options.inputMode === 'email' ? false : undefined}
          autoCapitalize={options.inputMode === 'email' ? 'off' : undefined}
          maxLength={TEXT_LIMITS[name]}
          value={values[name]}
          required={!options.optional}
          disabled={pending}
          aria-invalid={error !== null}
          aria-describedby={describedBy || undefined}
          onChange={(event) => change(name, event.target.value)}
        />
        {options.hint && (
          <span id={hintId} className="register-hint">
            {options.hint}
          </span>
        )}
        {error && (
          <span id={errorId} className="login-field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    );
  };

  const groupRef = (field: ApplicationField) => (element: HTMLInputElement | null) => {
    elements.current[field] = element;
  };

  const messageId = `${id}-message`;
  const messageErrorId = `${messageId}-error`;
  const counterId = `${messageId}-counter`;
  const messageError = problemText(problems.message);
  const messageLength = values.message.length;

  return (
    <form className="register-account" onSubmit={submit} noValidate aria-busy={pending}>
      <div className="register-row">
        {textField('companyName', { autoComplete: 'organization' })}
        {textField('contactName', { autoComplete: 'name' })}
      </div>
      <div className="register-row">
        {textField('email', { inputMode: 'email', autoComplete: 'email' })}
        {textField('phone', { type: 'tel', autoComplete: 'tel', optional: true, hint: t('apply.phoneHint') })}
      </div>
      {textField('website', { type: 'url', inputMode: 'url', autoComplete: 'url', optional: true })}

      <ChoiceGroup<Country>
        id={id}
        name="countries"
        type="checkbox"
        legend={t('apply.countries')}
        options={COUNTRIES.map((value) => ({ value, label: tc(`countryName.${value}`) }))}
        selected={values.countries}
        onPick={(value) => change('countries', toggled(values.countries, value, COUNTRIES))}
        error={problemText(problems.countries)}
        disabled={pending}
        layout="grid"
        firstInput={groupRef('countries')}
      />
      <ChoiceGroup<Product>
        id={id}
        name="products"
        type="checkbox"
        legend={t('apply.products')}
        options={PRODUCTS.map((value) => ({ value, label: t(`apply.product.${value}`), hint: t(`apply.productHint.${value}`) }))}
        selected={values.products}
        onPick={(value) => change('products', toggled(values.products, value, PRODUCTS))}
        error={problemText(problems.products)}
        disabled={pending}
        layout="list"
        firstInput={groupRef('products')}
      />
      <ChoiceGroup<MonthlyVolumeBand>
        id={id}
        name="monthlyVolume"
        type="radio"
        legend={t('apply.monthlyVolume')}
        options={MONTHLY_VOLUME_BANDS.map((value) => ({ value, label: t(`apply.volume.${value}`) }))}
        selected={values.monthlyVolume === '' ? [] : [values.monthlyVolume]}
        onPick={(value) => change('monthlyVolume', value)}
        error={problemText(problems.monthlyVolume)}
        disabled={pending}
        layout="wide"
        firstInput={groupRef('monthlyVolume')}
      />

      <div className="login-field">
        <label htmlFor={messageId}>{label(t('apply.message'), true)}</label>
        <textarea
          id={messageId}
          ref={(element) => {
            elements.current.message = element;
          }}
          name="message"
          className="andes-input register-textarea"
          rows={4}
          maxLength={TEXT_LIMITS.message}
          value={values.message}
          disabled={pending}
          aria-invalid={messageError !== null}
          aria-describedby={messageError ? `${counterId} ${messageErrorId}` : counterId}
          onChange={(event) => change('message', event.target.value)}
        />
        <span
          id={counterId}
          className={messageLength >= TEXT_LIMITS.message ? 'register-counter register-counter--full' : 'register-counter'}
        >
          {t('apply.counter', { length: messageLength, max: TEXT_LIMITS.message })}
        </span>
        {messageError && (
          <span id={messageErrorId} className="login-field-error" role="alert">
            {messageError}
          </span>
        )}
      </div>

      <SubmitButton pending={pending}>{t('apply.submit')}</SubmitButton>
      {failure && (
        <div className="login-alert" role="alert">
          {failure}
        </div>
      )}
    </form>
  );
}
