import type { ReactNode } from 'react';

/** The full-width submit button of a login-area form: off, with a spinner, while the form is sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="andes-button andes-button--primary andes-button--block" disabled={pending}>
      {pending && <span className="andes-spinner" style={{ width: 14, height: 14, borderWidth: 2 }} aria-hidden="true" />}
      {children}
    </button>
  );
}
