import './shell.css';

/** Covers the page while something every screen needs is loading. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="andes-center" role="status" aria-live="polite" aria-busy="true">
      <div className="andes-spinner" aria-hidden="true" />
      <span className="andes-muted">{label}</span>
    </div>
  );
}
