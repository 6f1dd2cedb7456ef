//! Every island: its name in pages, when the browser hydrates it (ISLANDS.md), and its code,
//! loaded on demand so each island is its own chunk.
import type { ComponentType } from 'react'

export type Hydrate = 'idle' | 'visible'

/** An island component: its props are whatever the generator wrote for it (JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandComponent = ComponentType<any>

export interface IslandEntry {
  hydrate: Hydrate
  load: () => Promise<{ default: IslandComponent }>
}

export const ISLANDS = {
  'contact-form': { hydrate: 'visible', load: () => import('./islands/contact-form/contact-form') },
  newsletter: { hydrate: 'visible', load: () => import('./islands/newsletter/newsletter') },
  'services-explorer': { hydrate: 'idle', load: () => import('./islands/services-explorer/services-explorer') },
  'banner-carousel': { hydrate: 'visible', load: () => import('./islands/banner-carousel/banner-carousel') },
  'review-carousel': { hydrate: 'visible', load: () => import('./islands/review-carousel/review-carousel') },
  'airport-request': { hydrate: 'visible', load: () => import('./islands/airport-request/airport-request') },
  'cookie-consent': { hydrate: 'idle', load: () => import('./islands/cookie-consent/cookie-consent') },
  'cookie-settings': { hydrate: 'visible', load: () => import('./islands/cookie-settings/cookie-settings') },
  'site-search': { hydrate: 'idle', load: () => import('./islands/site-search/site-search') },
} as const satisfies Record<string, IslandEntry>

export type IslandName = keyof typeof ISLANDS

export function isIslandName(name: unknown): name is IslandName {
  return typeof name === 'string' && Object.hasOwn(ISLANDS, name)
}
