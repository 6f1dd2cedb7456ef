import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ErrorBoundary } from './error-boundary'

/** What the server renders and the browser hydrates for every island: same tree on both sides. */
export function IslandRoot({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </I18nextProvider>
  )
}
