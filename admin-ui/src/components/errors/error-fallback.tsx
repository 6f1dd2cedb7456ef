import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FallbackProps = { error: unknown; componentStack?: string };

/** "Error: {message}" (or "Unknown Error") with the details behind a disclosure. */
export function ErrorFallback({ error, componentStack }: FallbackProps) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const stack = [error instanceof Error ? error.stack : '', componentStack].filter(Boolean).join('\n');
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen__title">{message ? t('errors.message', { message }) : t('errors.unknown')}</h1>
      <details className="error-screen__details">
        <summary>{t('errors.details')}</summary>
        <pre>{stack || String(error)}</pre>
      </details>
      <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

type BoundaryState = { error: unknown; componentStack?: string; failed: boolean };

/** The top-level error boundary. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? undefined });
    console.error(error);
  }

  render() {
    if (this.state.failed) return <ErrorFallback error={this.state.error} componentStack={this.state.componentStack} />;
    return this.props.children;
  }
}
