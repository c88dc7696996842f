import type { LoginRequest } from '@andes/contract/auth/schemas';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button.tsx';

interface LoginFormProps {
  pending: boolean;
  /** The server's answer to the last attempt, shown under the form. */
  error: string | null;
  onSubmit(values: LoginRequest): void;
}

type Field = keyof LoginRequest;

/** Username and password (spec §5: both required); plain HTML so the login page loads fast. */
export function LoginForm({ pending, error, onSubmit }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [missing, setMissing] = useState<ReadonlySet<Field>>(new Set());

  const update = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (missing.has(field) && value.trim() !== '') setMissing((m) => new Set([...m].filter((f) => f !== field)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = new Set<Field>();
    if (values.username.trim() === '') empty.add('username');
    if (values.password === '') empty.add('password');
    setMissing(empty);
    if (empty.size === 0) onSubmit({ username: values.username.trim(), password: values.password });
  };

  const field = (name: Field, type: string, autoComplete: string, required: string) => {
    const errorId = `${id}-${name}-error`;
    const invalid = missing.has(name);
    return (
      <div className="login-field">
        <label htmlFor={`${id}-${name}`}>{t(name)}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          className="andes-input"
          autoComplete={autoComplete}
          maxLength={128}
          value={values[name]}
          disabled={pending}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => update(name, event.target.value)}
        />
        {invalid && (
          <span id={errorId} className="login-field-error">
            {required}
          </span>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      {field('username', 'text', 'username', t('usernameRequired'))}
      {field('password', 'password', 'current-password', t('passwordRequired'))}
      <SubmitButton pending={pending}>{t('signIn')}</SubmitButton>
      {error && (
        <div className="login-alert" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}
