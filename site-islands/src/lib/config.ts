//! The page's island configuration, written by the generator into
//! `<script type="application/json" id="island-config">` (ISLANDS.md).
import { isLang, type Lang } from './lang'

export interface IslandConfig {
  lang: Lang
  /** URL of the page language's string table. */
  strings: string
  apiKey: string
  apiBase: string
  gtmId: string | null
  links: Record<string, string>
}

let cached: IslandConfig | undefined

/** Parses and checks the configuration once; fails with a message that says what is missing. */
export function islandConfig(doc: Document = document): IslandConfig {
  if (cached) return cached
  const script = doc.getElementById('island-config')
  if (!script?.textContent) {
    throw new Error('Island configuration missing: the page needs <script type="application/json" id="island-config">.')
  }
  const raw = JSON.parse(script.textContent) as Partial<IslandConfig>
  const problems = [
    !isLang(raw.lang) && 'lang ("en" or "ar")',
    typeof raw.strings !== 'string' && 'strings (URL of the string table)',
    typeof raw.apiKey !== 'string' && 'apiKey',
    typeof raw.apiBase !== 'string' && 'apiBase',
  ].filter(Boolean)
  if (problems.length > 0) {
    throw new Error(`Island configuration is missing ${problems.join(', ')}.`)
  }
  cached = {
    lang: raw.lang as Lang,
    strings: raw.strings as string,
    apiKey: raw.apiKey as string,
    apiBase: (raw.apiBase as string).replace(/\/$/, ''),
    gtmId: typeof raw.gtmId === 'string' && raw.gtmId !== '' ? raw.gtmId : null,
    links: raw.links ?? {},
  }
  return cached
}

/** Test hook: forget the parsed configuration. */
export function resetIslandConfig(): void {
  cached = undefined
}
