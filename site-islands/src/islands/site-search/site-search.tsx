import { memo, useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { ArrowIcon } from '../../components/icons'
import { islandConfig } from '../../lib/config'
import { afterPaint } from '../../lib/frames'
import { queryWords, SearchIndex, type Doc, type QueryWord, type Ranked } from './search-index'
import { highlight, Marked, snippet } from './snippet'

/** Results shown at first, and added by each "Show more results". */
const PAGE = 10
/** Of which asked for first: about what a screen shows above the fold. */
const FIRST = 3
/** Keys closer together than this wait for a quiet moment before searching (the first one
 * after a pause searches at once). */
const DEBOUNCE_MS = 80
/** A search that takes longer says "Searching…" (a quicker one shows its results at once;
 * on a slow phone a first search takes some 200 ms, and a status shown just before its results
 * would cost it a layout of its own). */
const SEARCHING_AFTER_MS = 300

type View =
  | { kind: 'idle' }
  | { kind: 'results'; query: string; words: QueryWord[]; ranked: Ranked[]; docs: Doc[]; loaded: number; complete: boolean }
  | { kind: 'nothing'; query: string }
  | { kind: 'failed'; query: string }

/** A visitor's words inside a sentence of the other direction keep their own (first strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`

/** Keeps `?q=` the query (no new history entry: Back leaves the page, as it came). A search
 * does so once its results are painted: a change of address costs a slow phone a frame's
 * worth of work (the state serialised, the page's icon asked for and drawn again). */
function keepInUrl(text: string): void {
  const url = new URL(window.location.href)
  if (text.trim()) url.searchParams.set('q', text)
  else url.searchParams.delete('q')
  if (url.href === window.location.href) return
  try {
    window.history.replaceState(window.history.state, '', url)
  } catch {
    // Safari refuses more than 100 changes in 30 seconds: the address may lag, the search not.
  }
}

/**
 * Site search (`/search`, `/ar/search`): the static index the publisher writes, read in the
 * browser as the visitor types (`search-index.ts`); no request to the API. The server renders
 * the form alone (without JavaScript it GETs the same page); results come after hydration.
 */
export default function SiteSearch() {
  const { t } = useTranslation()
  const id = useId()
  const inputId = `${id}q`
  const resultsId = `${id}results`
  const [view, setView] = useState<View>({ kind: 'idle' })
  const [searching, setSearching] = useState(false)
  const [loadingMore, setLoadingMore] = useState(false)

  const index = useRef<SearchIndex | null>(null)
  /** The latest search: an answer for an earlier one is dropped. */
  const latest = useRef(0)
  const debounce = useRef<number | undefined>(undefined)
  /** When the last key came (`performance.now()`). */
  const lastKey = useRef(-Infinity)
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLOListElement>(null)
  /** After "Show more results": the first new result, to take the focus. */
  const focusAt = useRef<number | null>(null)

  const searchIndex = useCallback(() => (index.current ??= new SearchIndex(`/search/${islandConfig().lang}`)), [])

  const search = useCallback(async (text: string) => {
    const mine = ++latest.current
    window.clearTimeout(debounce.current)
    setLoadingMore(false)
    const words = queryWords(text)
    if (words.length === 0) {
      setView({ kind: 'idle' })
      setSearching(false)
      keepInUrl(text)
      return
    }
    const slow = window.setTimeout(() => latest.current === mine && setSearching(true), SEARCHING_AFTER_MS)
    const shown = text.trim()
    try {
      const idx = searchIndex()
      const ranked = await idx.search(words)
      if (latest.current !== mine) return
      if (ranked.length === 0) {
        setView({ kind: 'nothing', query: shown })
        return
      }
      // A slow phone spends a few milliseconds on each file it fetches, one after another:
      // the results a screen shows first are asked for first, and the rest of the page's
      // once the first of them is painted. The first result is rendered at once (not in a
      // task of its own); the others as they come, those above each first. The list only
      // grows downwards, and is busy until the page's results are all there.
      const show = (docs: Doc[], complete: boolean, now = false) => {
        if (latest.current !== mine) return
        const next: View = { kind: 'results', query: shown, words, ranked, docs, loaded: PAGE, complete }
        if (now) flushSync(() => setView(next))
        else setView(next)
      }
      const ids = ranked.slice(0, PAGE).map((r) => r.id)
      let askForTheRest = () => {}
      const rest = new Promise<Doc[]>((resolve, reject) => {
        askForTheRest = () => {
          askForTheRest = () => {}
          idx.docsOf(ids.slice(FIRST)).then(resolve, reject)
        }
      })
      // Awaited below, once the first are in: a failure is told there, not as unhandled.
      rest.catch(() => {})
      let shownFirst = false
      const first = await idx.docsOf(ids.slice(0, FIRST), (docs) => {
        if (docs.length === 0) return
        show(docs, false, !shownFirst)
        if (shownFirst) return
        shownFirst = true
        // With nothing more to ask for, the page is complete at once.
        if (ids.length > FIRST) afterPaint(() => askForTheRest())
        else askForTheRest()
      })
      askForTheRest()
      show([...first, ...(await rest)], true)
    } catch (error) {
      if (latest.current !== mine) return
      console.warn('Site search failed:', error)
      setView({ kind: 'failed', query: shown })
    } finally {
      window.clearTimeout(slow)
      if (latest.current === mine) {
        setSearching(false)
        afterPaint(() => latest.current === mine && keepInUrl(text))
      }
    }
  }, [searchIndex])

  // Hydrated: the query of the address (a link, a search submitted before the scripts ran),
  // or what the visitor typed while they loaded.
  useEffect(() => {
    const typed = input.current?.value ?? ''
    const initial = typed || (new URLSearchParams(window.location.search).get('q') ?? '')
    if (initial) {
      if (input.current && !typed) input.current.value = initial
      void search(initial)
    }
    return () => {
      window.clearTimeout(debounce.current)
      latest.current += 1
    }
  }, [search])

  // "Show more results" moves the focus to the first result it added.
  useEffect(() => {
    if (focusAt.current === null || view.kind !== 'results') return
    list.current?.querySelectorAll<HTMLAnchorElement>('.site-search-link')[focusAt.current]?.focus()
    focusAt.current = null
  }, [view])

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value
    window.clearTimeout(debounce.current)
    const now = performance.now()
    const typing = now - lastKey.current < DEBOUNCE_MS
    lastKey.current = now
    if (!typing || text.trim() === '') {
      void search(text)
      return
    }
    debounce.current = window.setTimeout(() => void search(text), DEBOUNCE_MS)
  }

  /** As the visitor comes to the box: the list of shards asked for, and what a search runs
   * (a query's words in each script, a snippet, the count's plural rules) run once, so that a
   * slow phone compiles it now and not in the first search, where it cost some 10 ms. */
  const warm = () => {
    searchIndex().warm()
    const sample = 'Searching the journeys الرحلات'
    snippet(sample, '', queryWords(sample))
    t('search.results', { count: 2, query: '' })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void search(input.current?.value ?? '')
  }

  const links = () => list.current?.querySelectorAll<HTMLAnchorElement>('.site-search-link') ?? []

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return
    const first = links()[0]
    if (!first) return
    event.preventDefault()
    first.focus()
  }

  const onListKey = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const all = [...links()]
    const at = all.indexOf(document.activeElement as HTMLAnchorElement)
    if (at < 0) return
    event.preventDefault()
    if (event.key === 'ArrowDown') all[Math.min(at + 1, all.length - 1)].focus()
    else if (at === 0) input.current?.focus()
    else all[at - 1].focus()
  }

  const more = async () => {
    if (view.kind !== 'results' || loadingMore) return
    const mine = latest.current
    setLoadingMore(true)
    try {
      const docs = await searchIndex().docsOf(view.ranked.slice(view.loaded, view.loaded + PAGE).map((r) => r.id))
      if (latest.current !== mine) return
      focusAt.current = view.docs.length
      setView({ ...view, docs: [...view.docs, ...docs], loaded: view.loaded + PAGE })
    } catch (error) {
      if (latest.current !== mine) return
      console.warn('Site search failed:', error)
      setView({ kind: 'failed', query: view.query })
    } finally {
      if (latest.current === mine) setLoadingMore(false)
    }
  }

  const state = view.kind === 'failed' ? 'failed' : searching ? 'searching' : view.kind === 'idle' ? undefined : view.kind
  let status = ''
  if (state === 'failed') status = t('search.failed')
  else if (state === 'searching') status = t('search.searching')
  else if (view.kind === 'results') status = t('search.results', { count: view.ranked.length, query: isolate(view.query) })
  else if (view.kind === 'nothing') status = t('search.nothing', { query: isolate(view.query) })

  return (
    <div className="site-search">
      <form role="search" className="island-form site-search-form" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('search.label')}
        </label>
        {/* Not controlled: a key costs no render of the island (on a slow phone some 15 ms
            before the typed letter is drawn); a search renders once it has something to show. */}
        <input
          ref={input}
          id={inputId}
          className="site-search-input"
          type="search"
          name="q"
          defaultValue=""
          onChange={onChange}
          onKeyDown={onInputKey}
          onFocus={warm}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          aria-controls={view.kind === 'results' ? resultsId : undefined}
        />
      </form>
      <div className="site-search-status" role="status" aria-live="polite" aria-atomic="true" data-state={state}>
        {status || null}
      </div>
      {view.kind === 'results' && (
        <>
          <ol
            ref={list}
            id={resultsId}
            className="site-search-results"
            aria-busy={searching || !view.complete || undefined}
            onKeyDown={onListKey}
          >
            {view.docs.map((doc) => (
              <Result key={doc.id} doc={doc} words={view.words} />
            ))}
          </ol>
          {view.complete && view.loaded < view.ranked.length && (
            <button type="button" className="button site-search-more" onClick={() => void more()} disabled={loadingMore} aria-busy={loadingMore || undefined}>
              {t('search.more')}
            </button>
          )}
        </>
      )}
      {view.kind === 'nothing' && !searching && <Nothing />}
    </div>
  )
}

/** A page found: its title and a snippet, the words found marked (made once for a search's
 * words: the list renders again as the status changes and more results come). */
const Result = memo(function Result({ doc, words }: { doc: Doc; words: QueryWord[] }) {
  return (
    <li className="site-search-result">
      <h2 className="site-search-result-title">
        <a className="site-search-link" href={doc.url} dir="auto">
          <Marked pieces={highlight(doc.title || doc.url, words)} />
        </a>
      </h2>
      <p className="site-search-snippet" dir="auto">
        <Marked pieces={snippet(doc.text, doc.title, words)} />
      </p>
    </li>
  )
})

/** Nothing found: ways on, to the services and to the concierge. */
function Nothing() {
  const { t } = useTranslation()
  const { links } = islandConfig()
  return (
    <div className="site-search-nothing">
      <p>{t('search.nothingHint')}</p>
      <ul className="site-search-ways">
        {links.services && (
          <li>
            <a className="text-link" href={links.services}>
              {t('search.servicesLink')}
              <ArrowIcon />
            </a>
          </li>
        )}
        {links.contact && (
          <li>
            <a className="text-link" href={links.contact}>
              {t('search.contactLink')}
              <ArrowIcon />
            </a>
          </li>
        )}
      </ul>
    </div>
  )
}
