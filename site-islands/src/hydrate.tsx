//! Loaded by the loader only when a first island is due: React, i18next and the page's strings.
import type { i18n } from 'i18next'
import { hydrateRoot } from 'react-dom/client'
import { islandConfig } from './lib/config'
import { createI18n, type StringTable } from './lib/i18n'
import type { IslandName } from './registry'
import { ISLANDS } from './registry'
import { identifierPrefix, islandElement } from './render'

let strings: Promise<i18n> | undefined

/** The page language's string table, fetched once for all islands. */
function pageI18n(): Promise<i18n> {
  strings ??= (async () => {
    const { lang, strings: url } = islandConfig()
    const response = await fetch(url)
    if (!response.ok) throw new Error(`Failed to load the string table ${url}: HTTP ${response.status}`)
    return createI18n(lang, (await response.json()) as StringTable)
  })()
  return strings
}

export async function hydrateIsland(element: HTMLElement, name: IslandName): Promise<void> {
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>
  const [{ default: Island }, i18n] = await Promise.all([ISLANDS[name].load(), pageI18n()])
  // `data-hydrated` on the island's wrapper tells styles and browser tests it is live.
  const markHydrated = () => element.setAttribute('data-hydrated', '')
  hydrateRoot(element, islandElement(Island, props, i18n, markHydrated), {
    identifierPrefix: identifierPrefix(name),
    onRecoverableError(error, info) {
      console.error(`Island ${name} did not hydrate cleanly:`, error, info.componentStack ?? '')
    },
  })
}
