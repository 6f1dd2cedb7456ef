//! The server entry's JSON-lines protocol (ISLANDS.md): an `init` line with the string tables,
//! then requests `{"id","island","lang","props"}` each answered by `{"id","html","hydrate"}` or
//! `{"id","error"}`.
import type { i18n } from 'i18next'
import { renderToString } from 'react-dom/server'
import { createI18n, isLang, type Lang, type StringTable } from './lib/i18n'
import { ISLANDS, isIslandName, type IslandComponent, type IslandName } from './registry'
import { identifierPrefix, islandElement } from './render'

type Components = Record<IslandName, IslandComponent>

export type Reply = { id: unknown; html: string; hydrate: string } | { id: unknown; error: string }

/** Imports every island once (the server build inlines them). */
export async function loadIslands(): Promise<Components> {
  const names = Object.keys(ISLANDS) as IslandName[]
  const modules = await Promise.all(names.map((name) => ISLANDS[name].load()))
  return Object.fromEntries(names.map((name, i) => [name, modules[i].default])) as Components
}

export class IslandServer {
  private languages: Record<Lang, i18n> | null = null

  constructor(private readonly components: Components) {}

  /** Handles one input line; returns the reply line, or `null` for the init message. */
  handle(line: string): string | null {
    let message: Record<string, unknown>
    try {
      message = JSON.parse(line) as Record<string, unknown>
    } catch (error) {
      return JSON.stringify({ id: null, error: `Not JSON: ${(error as Error).message}` })
    }
    if (message.type === 'init') {
      const error = this.init(message.strings)
      return error ? JSON.stringify({ id: null, error }) : null
    }
    return JSON.stringify(this.render(message))
  }

  private init(strings: unknown): string | null {
    const tables = strings as Partial<Record<Lang, StringTable>> | undefined
    if (!tables?.en || !tables.ar) return 'init needs "strings" with "en" and "ar" tables'
    this.languages = { en: createI18n('en', tables.en), ar: createI18n('ar', tables.ar) }
    return null
  }

  private render({ id, island, lang, props }: Record<string, unknown>): Reply {
    if (!this.languages) return { id, error: 'No init message before the first request' }
    if (!isIslandName(island)) return { id, error: `Unknown island ${JSON.stringify(island)}` }
    if (!isLang(lang)) return { id, error: `Unknown language ${JSON.stringify(lang)}` }
    const islandProps = typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {}
    try {
      const html = renderToString(islandElement(this.components[island], islandProps, this.languages[lang]), {
        identifierPrefix: identifierPrefix(island),
      })
      return { id, html, hydrate: ISLANDS[island].hydrate }
    } catch (error) {
      return { id, error: `Island ${island} (${lang}) failed to render: ${error instanceof Error ? error.message : String(error)}` }
    }
  }
}
