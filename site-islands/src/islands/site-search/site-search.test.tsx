import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetIslandConfig } from '../../lib/config'
import { createI18n, type Lang } from '../../lib/i18n'
import { IslandServer, loadIslands } from '../../protocol'
import { identifierPrefix, islandElement } from '../../render'
import { strings } from '../../test/fixtures'
import { renderIsland, writeIslandConfig } from '../../test/render-island'
import SiteSearch from './site-search'
import { shardKey, words } from './words'

interface Page {
  id: number
  url: string
  title: string
  text: string
}

/** A doc's terms weighted as the publisher weighs them (ssg/src/search: title 8, text 1, at most 255). */
function terms(page: Page): Map<string, number> {
  const weights = new Map<string, number>()
  for (const w of words(page.title)) weights.set(w.term, (weights.get(w.term) ?? 0) + 8)
  for (const w of words(page.text)) weights.set(w.term, (weights.get(w.term) ?? 0) + 1)
  for (const [term, weight] of weights) weights.set(term, Math.min(weight, 255))
  return weights
}

/** The files the publisher writes for these pages: shards (delta-coded postings), docs, the list of shards. */
function indexFiles(lang: Lang, pages: Page[], { list = true } = {}): Map<string, unknown> {
  const postings = new Map<string, [number, number][]>()
  for (const page of pages) {
    for (const [term, weight] of terms(page)) postings.set(term, [...(postings.get(term) ?? []), [page.id, weight]])
  }
  const shards = new Map<string, Record<string, number[]>>()
  for (const [term, pairs] of postings) {
    const shard = shards.get(shardKey(term)) ?? {}
    let last = 0
    shard[term] = pairs
      .sort((a, b) => a[0] - b[0])
      .flatMap(([id, weight]) => {
        const delta = id - last
        last = id
        return [delta, weight]
      })
    shards.set(shardKey(term), shard)
  }
  const files = new Map<string, unknown>()
  for (const [key, shard] of shards) files.set(`/search/${lang}/t/${key}.json`, shard)
  for (const { id, ...doc } of pages) files.set(`/search/${lang}/d/${id}.json`, doc)
  if (list) files.set(`/search/${lang}/index.json`, { shards: [...shards.keys()].sort() })
  return files
}

const far = 2 ** 52 + 7 // ids are 52 bits: exact in a browser's numbers

const english: Page[] = [
  {
    id: 1,
    url: '/services/chauffeur',
    title: 'Chauffeur services',
    text:
      'Chauffeur services ' +
      'Every journey begins long before the car arrives at the door of the residence, the hotel or the private terminal, and ends only once every bag is in place. ' +
      'Our chauffeurs know every road in Riyadh and London, and wait as long as the evening lasts. ' +
      'A second car follows for the luggage when a family travels together, and the driver carries water, chargers and the day’s newspapers in both languages. ' +
      'Should plans change at the last minute, the desk rearranges the whole evening without a word of complaint, whatever the hour.',
  },
  { id: 2, url: '/destinations/riyadh', title: 'Riyadh', text: 'Riyadh In Riyadh our concierges arrange chauffeurs, dinners and private viewings.' },
  { id: far, url: '/journal/yachts', title: 'Yachts in the Gulf', text: 'Yachts in the Gulf A season at sea, with a chauffeur waiting at the marina.' },
  ...Array.from({ length: 23 }, (_, i) => ({ id: 100 + i, url: `/journal/gift-${i}`, title: `Gift guide ${i}`, text: `Hampers and oud: gifting for every occasion, number ${i}.` })),
]

const arabic: Page[] = [
  { id: 10, url: '/ar/destinations/riyadh', title: 'الرياض', text: 'الرياض عاصمة المملكة، وفي الرياض يرتّب فريقنا السيارات مع السائقين في أي ساعة.' },
  { id: 11, url: '/ar/destinations/jeddah', title: 'جدة', text: 'جدة عروس البحر الأحمر، ومنها إلى الرياض رحلة قصيرة بالطائرة.' },
]

const links = { services: '/services', contact: '/contact-us', search: '/search' }
const arLinks = { services: '/ar/services', contact: '/ar/contact-us', search: '/ar/search' }

let files: Map<string, unknown>
let requests: string[]
/** Paths whose answer waits until released. */
let held: Map<string, Promise<void>>

function serve(map: Map<string, unknown>, fail: (path: string) => boolean = () => false) {
  files = map
  requests = []
  held = new Map()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input)
      requests.push(path)
      await held.get(path)
      if (fail(path)) throw new TypeError('Failed to fetch')
      const body = files.get(path)
      return body === undefined
        ? new Response('Not found', { status: 404 })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
}

/** Holds `path`'s answer until the returned function is called. */
function hold(path: string): () => void {
  let release = () => {}
  held.set(path, new Promise<void>((resolve) => (release = resolve)))
  return release
}

function open(lang: Lang = 'en') {
  writeIslandConfig(lang, lang === 'en' ? links : arLinks)
  const user = userEvent.setup()
  const view = renderIsland(<SiteSearch />, lang)
  return { user, view, input: screen.getByRole('searchbox') as HTMLInputElement }
}

/** The results' titles, in order. */
const titles = () => within(screen.getByRole('list')).queryAllByRole('heading').map((h) => h.textContent)
const status = () => screen.getByRole('status')
/** A sentence as the island writes it: the visitor's words isolated (U+2068 … U+2069). */
const says = (text: string) => text.replace(/“(.*?)”/u, '“\u2068$1\u2069”').replace(/«(.*?)»/u, '«\u2068$1\u2069»')

beforeEach(() => {
  resetIslandConfig()
  window.history.replaceState(null, '', '/search')
  serve(new Map([...indexFiles('en', english), ...indexFiles('ar', arabic)]))
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('site search', () => {
  it('finds a page by the start of a word, best first, with a count', async () => {
    const { user, input } = open()
    await user.type(input, 'chauff')
    await waitFor(() => expect(status()).toHaveTextContent(says('3 results for “chauff”')))
    // The title counts more than the text; equal scores go by id.
    expect(titles()).toEqual(['Chauffeur services', 'Riyadh', 'Yachts in the Gulf'])
    expect(screen.getByRole('link', { name: 'Chauffeur services' })).toHaveAttribute('href', '/services/chauffeur')
    expect(requests.every((path) => path.startsWith('/search/en/'))).toBe(true)
  })

  it('asks for the shard of what was typed in the keystroke itself, once the list of shards is in', async () => {
    const { input } = open()
    fireEvent.focus(input)
    await waitFor(() => expect(requests).toEqual(['/search/en/index.json']))
    await act(async () => {})
    // On a slow phone the render of what was typed takes tens of milliseconds: the request
    // goes first.
    fireEvent.change(input, { target: { value: 'yachts' } })
    expect(requests).toEqual(['/search/en/index.json', `/search/en/t/${shardKey('yacht')}.json`])
    await waitFor(() => expect(titles()).toEqual(['Yachts in the Gulf']))
  })

  it('asks for the rest of the page once the first result is painted, not in the task that shows it', async () => {
    const { input } = open()
    let askedWhenShown: string[] | undefined
    const observer = new MutationObserver(() => {
      if (askedWhenShown === undefined && document.querySelector('.site-search-result')) askedWhenShown = [...requests]
    })
    observer.observe(document.body, { childList: true, subtree: true })
    fireEvent.change(input, { target: { value: 'gift' } })
    await waitFor(() => expect(titles()).toHaveLength(10))
    observer.disconnect()
    const docs = (paths: string[]) => paths.filter((path) => path.includes('/d/'))
    expect(docs(askedWhenShown ?? [])).toHaveLength(3)
    expect(docs(requests)).toHaveLength(10)
    expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy')
  })

  it('shows each result once it and those above it are in, never out of order', async () => {
    const { user, input } = open()
    const release = hold('/search/en/d/2.json')
    await user.type(input, 'chauff')
    await waitFor(() => expect(titles()).toEqual(['Chauffeur services']))
    expect(status()).toHaveTextContent(says('3 results for “chauff”'))
    // The third is in, but waits for the second.
    await waitFor(() => expect(requests).toContain(`/search/en/d/${far}.json`))
    await act(async () => {})
    expect(titles()).toEqual(['Chauffeur services'])
    // Busy until the page's results are all there.
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true')
    release()
    await waitFor(() => expect(titles()).toEqual(['Chauffeur services', 'Riyadh', 'Yachts in the Gulf']))
    expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy')
  })

  it('finds the singular by the plural, the term of the last word', async () => {
    const { user, input } = open()
    await user.type(input, 'chauffeurs')
    await waitFor(() => expect(titles()).toEqual(['Chauffeur services', 'Riyadh', 'Yachts in the Gulf']))
  })

  it('takes the last word as a whole word once it is followed by a space', async () => {
    const { user, input } = open()
    await user.type(input, 'chauff ')
    expect(await screen.findByText(says('Nothing found for “chauff”'))).toBeInTheDocument()
  })

  it('finds only the pages with every word, ordered by weight', async () => {
    const { user, input } = open()
    await user.type(input, 'riyadh')
    // "Riyadh" is the second page's title (weight 10), once in the first page's text (1).
    await waitFor(() => expect(titles()).toEqual(['Riyadh', 'Chauffeur services']))
    await user.clear(input)
    await user.type(input, 'yacht chauffeur')
    await waitFor(() => expect(titles()).toEqual(['Yachts in the Gulf']))
    expect(status()).toHaveTextContent(says('1 result for “yacht chauffeur”'))
  })

  it.each(['الرياض', 'رياض', 'بالرياض', 'بالري'])('finds Riyadh by %s on an Arabic page, in Arabic', async (query) => {
    window.history.replaceState(null, '', '/ar/search')
    const { user, input } = open('ar')
    await user.type(input, query)
    await waitFor(() => expect(titles()).toEqual(['الرياض', 'جدة']))
    expect(status()).toHaveTextContent(says(`نتيجتان للبحث عن «${query}»`))
    expect(screen.getByRole('link', { name: 'الرياض' })).toHaveAttribute('href', '/ar/destinations/riyadh')
    expect(requests.every((path) => path.startsWith('/search/ar/'))).toBe(true)
  })

  it('marks the matched words in the titles and in a snippet around the first one', async () => {
    const { user, input } = open()
    await user.type(input, 'luggage')
    const item = (await screen.findByRole('heading', { name: 'Chauffeur services' })).closest('li')!
    const snippet = item.querySelector('p')!
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['luggage'])
    // Thirty words or so around it, cut at both ends.
    expect(snippet.textContent).toMatch(/^… .*A second car follows for the luggage when a family travels together.* …$/u)
    expect(snippet.textContent!.split(/\s+/u).length).toBeLessThanOrEqual(34)

    await user.clear(input)
    await user.type(input, 'riyadh chauffeurs')
    await waitFor(() => expect(titles()).toEqual(['Chauffeur services', 'Riyadh']))
    const riyadh = screen.getByRole('heading', { name: 'Riyadh' }).closest('li')!
    expect([...riyadh.querySelectorAll('h2 mark')].map((m) => m.textContent)).toEqual(['Riyadh'])
    expect([...riyadh.querySelectorAll('p mark')].map((m) => m.textContent)).toEqual(['Riyadh', 'chauffeurs'])
    // The page's text opens with its title, which the snippet leaves out.
    expect(riyadh.querySelector('p')).toHaveTextContent(/^In Riyadh our concierges/u)
  })

  it('says when nothing is found, with the way to the services and to the concierge', async () => {
    const { user, input } = open()
    await user.type(input, 'submarine')
    expect(await screen.findByText(says('Nothing found for “submarine”'))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse our services' })).toHaveAttribute('href', '/services')
    expect(screen.getByRole('link', { name: 'Ask our concierge' })).toHaveAttribute('href', '/contact-us')
    expect(document.querySelector('.site-search-results')).toBeNull()
  })

  it('says it in Arabic too', async () => {
    const { user, input } = open('ar')
    await user.type(input, 'غواصة')
    expect(await screen.findByText(says('لم نعثر على نتائج للبحث عن «غواصة»'))).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'تصفّح خدماتنا' })).toHaveAttribute('href', '/ar/services')
    expect(screen.getByRole('link', { name: 'اسأل فريق الكونسيرج' })).toHaveAttribute('href', '/ar/contact-us')
  })

  it('shows "Searching…" while the first shard loads, and never an older query’s answer', async () => {
    const { user, input } = open()
    const release = hold('/search/en/t/63-68.json')
    await user.type(input, 'chauffeur')
    expect(await screen.findByText('Searching…')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'yachts')
    await waitFor(() => expect(titles()).toEqual(['Yachts in the Gulf']))
    release()
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(titles()).toEqual(['Yachts in the Gulf'])
    expect(status()).toHaveTextContent(says('1 result for “yachts”'))
  })

  it('searches at once on a key after a pause, and after a quiet moment when keys come quickly', async () => {
    const { input } = open()
    // The address follows each search once its results are shown.
    fireEvent.change(input, { target: { value: 'chauffeur' } })
    expect(window.location.search).toBe('')
    await waitFor(() => expect(window.location.search).toBe('?q=chauffeur'))
    fireEvent.change(input, { target: { value: 'yachts' } })
    await waitFor(() => expect(titles()).toEqual(['Yachts in the Gulf']))
    await waitFor(() => expect(window.location.search).toBe('?q=yachts'))
  })

  it('asks for each file once, and only for shards the list names', async () => {
    const { user, input } = open()
    await user.type(input, 'chauffeur')
    await waitFor(() => expect(titles()).toHaveLength(3))
    await user.clear(input)
    await user.type(input, 'chauffeurs riyadh')
    await waitFor(() => expect(titles()).toHaveLength(2))
    expect(new Set(requests).size).toBe(requests.length)
    expect(requests).toContain('/search/en/index.json')
    // "ch", "cha", … "chauffeur" and "ri", … all typed; only their two shards were read.
    expect(requests.filter((path) => path.includes('/t/')).sort()).toEqual(['/search/en/t/63-68.json', '/search/en/t/72-69.json'])
    expect(requests.some((path) => path.startsWith('/api'))).toBe(false)
  })

  it('reads a missing shard as empty when there is no list of shards', async () => {
    serve(indexFiles('en', english, { list: false }))
    const { user, input } = open()
    await user.type(input, 'zebra')
    expect(await screen.findByText(says('Nothing found for “zebra”'))).toBeInTheDocument()
    expect(requests).toContain('/search/en/t/7a-65.json')
    await user.clear(input)
    await user.type(input, 'yachts')
    await waitFor(() => expect(titles()).toEqual(['Yachts in the Gulf']))
  })

  it('says in words when the index cannot be reached, and tries again on the next search', async () => {
    let offline = true
    serve(new Map(indexFiles('en', english)), () => offline)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, input } = open()
    await user.type(input, 'riyadh')
    expect(await screen.findByText('Search is unavailable at the moment. Please check your connection and try again.')).toBeInTheDocument()
    expect(warn).toHaveBeenCalled()
    offline = false
    await user.clear(input)
    await user.type(input, 'riyadh')
    await waitFor(() => expect(titles()).toEqual(['Riyadh', 'Chauffeur services']))
  })

  it('shows ten results, then ten more, moving the focus to the first new one', async () => {
    const { user, input } = open()
    await user.type(input, 'gifting')
    await waitFor(() => expect(titles()).toHaveLength(10))
    expect(status()).toHaveTextContent(says('23 results for “gifting”'))
    expect(titles()[0]).toBe('Gift guide 0')
    await user.click(screen.getByRole('button', { name: 'Show more results' }))
    await waitFor(() => expect(titles()).toHaveLength(20))
    expect(screen.getByRole('link', { name: 'Gift guide 10' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Show more results' }))
    await waitFor(() => expect(titles()).toHaveLength(23))
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull()
  })

  it('goes from the field to the results with Tab or the down arrow, and back up', async () => {
    const { user, input } = open()
    await user.type(input, 'riyadh')
    await waitFor(() => expect(titles()).toHaveLength(2))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('link', { name: 'Riyadh' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('link', { name: 'Chauffeur services' })).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(input).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Riyadh' })).toHaveFocus()
  })

  it('keeps ?q= the query without adding to the history, and Enter does not leave the page', async () => {
    const { user, input } = open()
    const entries = window.history.length
    await user.type(input, 'yachts')
    await waitFor(() => expect(window.location.search).toBe('?q=yachts'))
    expect(window.history.length).toBe(entries)
    const form = screen.getByRole('search')
    expect(fireEvent.submit(form)).toBe(false) // default prevented: no reload
    await user.clear(input)
    await waitFor(() => expect(window.location.search).toBe(''))
    // No list, no words: just the page's introduction.
    expect(document.querySelector('.site-search-results')).toBeNull()
    expect(status().textContent).toBe('')
  })

  it('searches for the ?q= of the address once hydrated', async () => {
    window.history.replaceState(null, '', '/search?q=riyadh')
    const { input } = open()
    expect(input).toHaveValue('riyadh')
    await waitFor(() => expect(titles()).toEqual(['Riyadh', 'Chauffeur services']))
  })
})

describe('site search on the server', () => {
  it.each(['en', 'ar'] as const)('renders the form alone (%s), which hydrates with the address’s query without a warning', async (lang) => {
    const server = new IslandServer(await loadIslands())
    server.handle(JSON.stringify({ type: 'init', strings }))
    const { html, hydrate } = JSON.parse(server.handle(JSON.stringify({ id: 1, island: 'site-search', lang, props: {} }))!) as { html: string; hydrate: string }
    expect(hydrate).toBe('idle')
    const element = document.createElement('div')
    element.innerHTML = html
    expect(element.querySelector('form[role="search"] input[type="search"][name="q"]')).not.toBeNull()
    expect(element.querySelector('label')?.textContent).toBe(strings[lang].search.label)
    expect(element.querySelector('input')?.getAttribute('placeholder')).toBe(strings[lang].search.placeholder)
    expect(element.querySelector('ol')).toBeNull()
    expect(element.querySelector('[role="status"]')?.textContent).toBe('')

    writeIslandConfig(lang, lang === 'en' ? links : arLinks)
    window.history.replaceState(null, '', lang === 'en' ? '/search?q=riyadh' : '/ar/search?q=%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6')
    document.body.append(element)
    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    await act(async () => {
      hydrateRoot(element, islandElement(SiteSearch, {}, createI18n(lang, strings[lang])), {
        identifierPrefix: identifierPrefix('site-search'),
        onRecoverableError: recoverable,
      })
    })
    await waitFor(() => expect(element.querySelectorAll('ol li')).toHaveLength(2))
    expect(element.querySelector('input')).toHaveValue(lang === 'en' ? 'riyadh' : 'الرياض')
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  })
})
