//! One island as React elements, identical on the server and in the browser (so hydration
//! matches): the string tables' provider, the error boundary, the island with its props.
import type { i18n } from 'i18next'
import { IslandRoot } from './components/island-root'
import type { IslandComponent } from './registry'

export function islandElement(Island: IslandComponent, props: Record<string, unknown>, i18n: i18n, onHydrated?: () => void) {
  return (
    <IslandRoot i18n={i18n} onHydrated={onHydrated}>
      <Island {...props} />
    </IslandRoot>
  )
}

/** `useId` values must not collide between islands of one page (each is its own root). */
export function identifierPrefix(name: string): string {
  return `${name}-`
}
