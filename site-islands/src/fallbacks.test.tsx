//! English fallbacks on Arabic pages (issue 53): every island that shows content marks each
//! English text `lang="en" dir="ltr"` in its server markup, hydrates that markup without a
//! mismatch, and keeps the marking as the visitor changes what it shows. Like the generator's
//! test (ssg/tests/it/fallbacks.rs), it reads every text the island writes.
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n } from './lib/i18n'
import { IslandServer, loadIslands } from './protocol'
import { ISLANDS, type IslandName } from './registry'
import { identifierPrefix, islandElement } from './render'
import { fallbackProps, islandProps, strings } from './test/fixtures'

/** Texts (and alt texts) holding `word` that are not marked English, left to right. */
function unmarked(root: HTMLElement, word = 'fallback'): string[] {
  const offences: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    const element = node.parentElement!
    const lang = element.closest('[lang]')?.getAttribute('lang')
    const dir = element.closest('[dir]')?.getAttribute('dir')
    if (text.includes(word) && (lang !== 'en' || dir !== 'ltr')) offences.push(`${text} in <${element.localName}> (${lang}, ${dir})`)
  }
  for (const img of root.querySelectorAll('img')) {
    if (img.alt.includes(word) && (img.closest('[lang]')?.getAttribute('lang') !== 'en' || img.closest('[dir]')?.getAttribute('dir') !== 'ltr')) {
      offences.push(`alt ${img.alt}`)
    }
  }
  return offences
}

/** What `element` shows holding `word`: a text or an alt text (to know the check has something to check). */
function shown(root: HTMLElement, word = 'fallback'): number {
  return (root.textContent?.split(word).length ?? 1) - 1 + [...root.querySelectorAll('img')].filter((i) => i.alt.includes(word)).length
}

let server: IslandServer
const init = JSON.stringify({ type: 'init', strings })
const render = (island: IslandName, props: Record<string, unknown>) =>
  JSON.parse(server.handle(JSON.stringify({ id: 1, island, lang: 'ar', props })) ?? 'null') as { html: string; error?: string }

beforeAll(async () => {
  server = new IslandServer(await loadIslands())
  server.handle(init)
})

afterEach(() => {
  document.body.innerHTML = ''
})

/** The island's server markup on an Arabic page, hydrated as the loader does. */
async function hydrated(island: IslandName, props: Record<string, unknown>) {
  const { html, error } = render(island, props)
  expect(error).toBeUndefined()
  document.documentElement.lang = 'ar'
  document.documentElement.dir = 'rtl'
  const element = document.createElement('div')
  element.innerHTML = html
  document.body.append(element)
  const errors = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  const { default: Island } = await ISLANDS[island].load()
  await act(async () => {
    hydrateRoot(element, islandElement(Island, props, createI18n('ar', strings.ar)), {
      identifierPrefix: identifierPrefix(island),
      onRecoverableError: recoverable,
    })
  })
  expect(recoverable, 'no hydration mismatch').not.toHaveBeenCalled()
  expect(errors).not.toHaveBeenCalled()
  errors.mockRestore()
  return element
}

const islands = Object.keys(fallbackProps) as IslandName[]

describe('an Arabic page’s English fallbacks in the islands', () => {
  it.each(islands)('%s marks every one in its server markup, and hydrates it as it is', async (island) => {
    const { html } = render(island, fallbackProps[island])
    const server = document.createElement('div')
    server.innerHTML = html
    expect(shown(server), 'the fallbacks are shown').toBeGreaterThan(0)
    expect(unmarked(server)).toEqual([])

    const element = await hydrated(island, fallbackProps[island])
    expect(shown(element)).toBe(shown(server))
    expect(unmarked(element)).toEqual([])
  })

  it('services-explorer keeps them marked as another service is chosen', async () => {
    const element = await hydrated('services-explorer', fallbackProps['services-explorer'])
    await userEvent.click(element.querySelectorAll<HTMLElement>('[role="tab"]')[1])
    expect(element.querySelector('.service-panel h2')).toHaveAttribute('lang', 'en')
    expect(element.querySelector('.service-panel h2')).toHaveTextContent('Travel Management fallback.')
    expect(unmarked(element)).toEqual([])
  })

  it('airport-request marks each English name as its country, city and airport are chosen', async () => {
    const element = await hydrated('airport-request', fallbackProps['airport-request'])
    const user = userEvent.setup()
    const [country, city, airport, terminal] = element.querySelectorAll('select')
    await user.selectOptions(country, 'GB')
    await user.selectOptions(city, 'London fallback')
    await user.selectOptions(airport, 'LHR')
    expect(terminal.querySelector('option[value="Terminal 5 fallback"]')).toHaveAttribute('lang', 'en')
    expect(airport.querySelector('option[value="LHR"]')).toHaveTextContent('Heathrow fallback (LHR)')
    expect(shown(element)).toBeGreaterThan(3)
    expect(unmarked(element)).toEqual([])
  })

  it.each(islands)('%s marks nothing English where every text is Arabic', async (island) => {
    const element = await hydrated(island, islandProps[island])
    const english = [...element.querySelectorAll('[lang="en"]')].map((e) => e.outerHTML.slice(0, 80))
    // The fixtures' Delhi airport has no Arabic name: the one English the airport form may show.
    expect(english.filter((e) => !e.includes('Indira Gandhi'))).toEqual([])
  })
})
