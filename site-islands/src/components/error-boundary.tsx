import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  children: ReactNode
}

interface State {
  error: unknown
  failed: boolean
}

/** Around every island: a failure shows what went wrong, with details, instead of a hole. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Island failed:', error, info.componentStack)
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children
  }
}

export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const message = error instanceof Error && error.message ? error.message : null
  const details = error instanceof Error ? (error.stack ?? error.message) : String(error)
  return (
    <div className="island-error" role="alert">
      <p className="island-error-title">{message ? t('errors.boundary', { message }) : t('errors.unknown')}</p>
      <details>
        <summary>{t('errors.details')}</summary>
        <pre dir="ltr">{details}</pre>
      </details>
    </div>
  )
}
