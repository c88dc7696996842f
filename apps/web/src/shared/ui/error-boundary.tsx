import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './shell.css';

/** The error screen of a page: what happened, and a retry. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="andes-center andes-center--inline" role="alert">
      <div className="andes-result">
        <h2>{t('somethingWentWrong')}</h2>
        <p>{t('pageFailed')}</p>
        <button type="button" className="andes-button andes-button--primary" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called when the user asks to retry, before the children render again. */
  onRetry?: () => void;
  /** A change of this value (the route) clears the error. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches a page's render errors and offers a retry, so one broken screen never blanks the app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page failed', error instanceof Error ? error.message : String(error), info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <ErrorFallback onRetry={this.retry} />;
    return this.props.children;
  }
}
