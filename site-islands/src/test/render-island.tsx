import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { IslandRoot } from '../components/island-root'
import { createI18n, type Lang } from '../lib/i18n'
import { strings } from './fixtures'

/** Renders an island the way the loader mounts it (strings, error boundary). */
export function renderIsland(ui: ReactElement, lang: Lang = 'en') {
  return render(<IslandRoot i18n={createI18n(lang, strings[lang])}>{ui}</IslandRoot>)
}

/** The island configuration the generator writes into each page (`links`: the pages' URLs). */
export function writeIslandConfig(lang: Lang = 'en', links: Record<string, string> = {}) {
  document.head.innerHTML = `<script type="application/json" id="island-config">${JSON.stringify({
    lang,
    strings: `/assets/islands/strings/${lang}-test.json`,
    apiKey: 'test-key',
    apiBase: '/api/v1',
    gtmId: null,
    links,
  })}</script>`
}
