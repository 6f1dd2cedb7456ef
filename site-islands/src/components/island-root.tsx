import type { i18n } from 'i18next'
import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ErrorBoundary } from './error-boundary'

interface Props {
  i18n: i18n
  /** Browser only: called once the island has hydrated. Renders nothing, so markup is unchanged. */
  onHydrated?: () => void
  children: ReactNode
}

/** What the server renders and the browser hydrates for every island: same tree on both sides. */
export function IslandRoot({ i18n, onHydrated, children }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>{children}</ErrorBoundary>
      <Hydrated onHydrated={onHydrated} />
    </I18nextProvider>
  )
}

function Hydrated({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated])
  return null
}
