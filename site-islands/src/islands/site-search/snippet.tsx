//! What a result shows of its page: a few lines around the first word the query matches, the
//! matched words marked (React elements, never HTML from the index).
import { Fragment } from 'react'
import { matches, type QueryWord } from './search-index'
import { initial, WORD, wordOf } from './words'

/** Plain text, or a word the query matched. */
export type Piece = string | { mark: string }

/** For a search's words, whether each run of text read so far holds one of them. */
const read = new WeakMap<QueryWord[], Map<string, boolean>>()

/** About how many words (runs of non-space) a snippet shows. */
const SNIPPET_WORDS = 30
/** Of which before the first match. */
const BEFORE = 8

/**
 * Whether a word of a text (a run of letters as `WORD` finds it) matches one of `qs`. A word
 * whose term cannot begin as any of theirs is not stemmed: most of a page's words are not, and
 * on a slow phone stemming them cost more than the rest of a search.
 */
function matcher(qs: QueryWord[]): (raw: string) => boolean {
  const initials = new Set(qs.flatMap((q) => [initial(q.form), initial(q.term)]))
  return (raw) => {
    const first = initial(raw)
    if (first !== null && !initials.has(first)) return false
    const w = wordOf(raw)
    return w !== null && qs.some((q) => matches(q, w.term))
  }
}

/** `text` with each word matching one of `qs` marked. */
export function highlight(text: string, qs: QueryWord[]): Piece[] {
  const matching = matcher(qs)
  const pieces: Piece[] = []
  let at = 0
  for (const { 0: raw, index: start } of text.matchAll(WORD)) {
    if (!matching(raw)) continue
    if (start > at) pieces.push(text.slice(at, start))
    pieces.push({ mark: raw })
    at = start + raw.length
  }
  if (at < text.length) pieces.push(text.slice(at))
  return pieces
}

/**
 * About thirty words of `text` around the first one matching `qs` (`…` where cut), matches
 * marked; the text's opening when nothing in it matches (a match in the title only). The text
 * is the page's, which opens with its title: the title, shown above, is left out.
 */
export function snippet(text: string, title: string, qs: QueryWord[]): Piece[] {
  const body = title && text.startsWith(title) ? text.slice(title.length) : text
  const runs = [...body.matchAll(/\S+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }))
  if (runs.length === 0) return []
  // Pages repeat their words: each is read once for a search's words.
  const seen = read.get(qs) ?? new Map<string, boolean>()
  read.set(qs, seen)
  const matching = matcher(qs)
  const hits = (run: string) => {
    let hit = seen.get(run)
    if (hit === undefined) {
      hit = [...run.matchAll(WORD)].some(([raw]) => matching(raw))
      seen.set(run, hit)
    }
    return hit
  }
  const hit = runs.findIndex((run) => hits(run.text))
  let start = hit < 0 ? 0 : Math.max(0, hit - BEFORE)
  const end = Math.min(runs.length, start + SNIPPET_WORDS)
  start = Math.max(0, Math.min(start, end - SNIPPET_WORDS))
  const pieces = highlight(body.slice(runs[start].start, runs[end - 1].end), qs)
  if (start > 0) pieces.unshift('… ')
  if (end < runs.length) pieces.push(' …')
  return pieces
}

/** The pieces as text with `<mark>` elements. */
export function Marked({ pieces }: { pieces: Piece[] }) {
  return pieces.map((piece, i) => (typeof piece === 'string' ? <Fragment key={i}>{piece}</Fragment> : <mark key={i}>{piece.mark}</mark>))
}
