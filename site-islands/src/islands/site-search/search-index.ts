//! The static search index the publisher writes (ssg/src/search), read in the browser: no
//! request to the API. Per language, under `/search/{lang}/`:
//! - `index.json`: `{"shards": [key, …]}`, the shards there are (when it is there, no other
//!   shard is asked for);
//! - `t/{key}.json`: the terms starting with the same two characters ([`shardKey`]), each with
//!   its postings `[id, weight, Δid, weight, …]` (ids ascending, each after the first as the
//!   difference from the one before); a shard that is not there (404) is empty;
//! - `d/{id}.json`: a page found, `{"url", "title", "text"}`.
//! Each file is fetched once per page view (the promise is kept; a failed one is forgotten, so
//! the next search asks again).
import { shardKey, words, type Word } from './words'

/** A page the index finds. */
export interface Doc {
  id: number
  url: string
  title: string
  text: string
}

/** A found doc's id and score (the sum, over the query's words, of its best weight for each). */
export interface Ranked {
  id: number
  score: number
}

/** A word of a query and how it matches the index's terms. */
export interface QueryWord extends Word {
  /** The last word, not followed by white space: also every term that starts with its form. */
  prefix: boolean
}

/** The words of what a visitor typed, each with how it matches. */
export function queryWords(query: string): QueryWord[] {
  const ws = words(query)
  const open = !/\s$/u.test(query)
  return ws.map((w, i) => ({ ...w, prefix: open && i === ws.length - 1 && Array.from(w.form).length >= 2 }))
}

/** Whether an indexed term (or a text's word's term) matches a query word. */
export function matches(q: QueryWord, term: string): boolean {
  return term === q.term || (q.prefix && term.startsWith(q.form))
}

/** A shard or a doc could not be read (network, server): the search says so in words. */
export class SearchUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SearchUnavailable'
  }
}

type Shard = Map<string, number[]>

export class SearchIndex {
  private readonly base: string
  private list: Promise<Set<string> | null> | undefined
  /** The list of shards once read (`null`: the index has none), so that a search asks for its
   * shards in the visitor's keystroke itself, before the page renders what was typed. */
  private listed: Set<string> | null | undefined
  private readonly shards = new Map<string, Promise<Shard>>()
  private readonly docs = new Map<number, Promise<Doc | null>>()

  /** `base`: the language's folder, `/search/en` or `/search/ar`. */
  constructor(base: string) {
    this.base = base
  }

  /** Starts reading the list of shards, so the first search waits for one request only. */
  warm(): void {
    void this.shardList().catch(() => {})
  }

  /** The docs matching every word of a query (its [`queryWords`]), best first (score, then id). */
  async search(qs: QueryWord[]): Promise<Ranked[]> {
    if (qs.length === 0) return []
    const perWord = await Promise.all(qs.map((q) => this.hits(q)))
    perWord.sort((a, b) => a.size - b.size)
    const [fewest, ...others] = perWord
    const ranked: Ranked[] = []
    for (const [id, weight] of fewest) {
      let score = weight
      for (const other of others) {
        const w = other.get(id)
        if (w === undefined) {
          score = -1
          break
        }
        score += w
      }
      if (score >= 0) ranked.push({ id, score })
    }
    return ranked.sort((a, b) => b.score - a.score || a.id - b.id)
  }

  /**
   * The docs `ids`, in that order, without those that are no longer there. `arrived`, if
   * given, hears the docs in order as far as every one before has come: each file costs a
   * slow phone a few milliseconds of its own, so the first result can show some 40 ms before
   * the tenth.
   */
  async docsOf(ids: number[], arrived?: (docs: Doc[]) => void): Promise<Doc[]> {
    const pending = ids.map((id) => this.doc(id))
    if (arrived) {
      const got: (Doc | null | undefined)[] = ids.map(() => undefined)
      let ready = 0
      pending.forEach((doc, i) =>
        doc.then(
          (d) => {
            got[i] = d
            const before = ready
            while (ready < got.length && got[ready] !== undefined) ready += 1
            if (ready > before) arrived(got.slice(0, ready).filter((d): d is Doc => d !== null && d !== undefined))
          },
          () => {},
        ),
      )
    }
    const docs = await Promise.all(pending)
    return docs.filter((d): d is Doc => d !== null)
  }

  /** Each doc a query word matches, with its best weight there. */
  private async hits(q: QueryWord): Promise<Map<number, number>> {
    const keys = new Set([shardKey(q.term)])
    if (q.prefix) keys.add(shardKey(q.form))
    const shards = await Promise.all([...keys].map((key) => this.shard(key)))
    const best = new Map<number, number>()
    for (const shard of shards) {
      const exact = shard.get(q.term)
      const matching = q.prefix ? [...shard].filter(([term]) => matches(q, term)).map(([, p]) => p) : exact ? [exact] : []
      for (const postings of matching) {
        let id = 0
        for (let i = 0; i + 1 < postings.length; i += 2) {
          id += postings[i]
          const weight = postings[i + 1]
          if (weight > (best.get(id) ?? 0)) best.set(id, weight)
        }
      }
    }
    return best
  }

  private shardList(): Promise<Set<string> | null> {
    this.list ??= (async () => {
      const body = await this.read(`${this.base}/index.json`)
      const shards = (body as { shards?: unknown } | null)?.shards
      this.listed = Array.isArray(shards) ? new Set(shards.filter((k): k is string => typeof k === 'string')) : null
      return this.listed
    })().catch((error: unknown) => {
      this.list = undefined
      throw error
    })
    return this.list
  }

  private shard(key: string): Promise<Shard> {
    let shard = this.shards.get(key)
    if (!shard) {
      const listed = this.listed
      shard =
        listed === undefined
          ? (async () => {
              const list = await this.shardList()
              if (list && !list.has(key)) return new Map()
              return toShard(await this.read(`${this.base}/t/${key}.json`))
            })()
          : listed && !listed.has(key)
            ? Promise.resolve(new Map())
            : this.read(`${this.base}/t/${key}.json`).then(toShard)
      this.shards.set(key, shard)
      shard.catch(() => this.shards.delete(key))
    }
    return shard
  }

  private doc(id: number): Promise<Doc | null> {
    let doc = this.docs.get(id)
    if (!doc) {
      doc = this.read(`${this.base}/d/${id}.json`).then((body) => toDoc(id, body))
      this.docs.set(id, doc)
      doc.catch(() => this.docs.delete(id))
    }
    return doc
  }

  /** A JSON file of the index: `null` when it is not there (404). */
  private async read(path: string): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(path, { headers: { accept: 'application/json' } })
    } catch (error) {
      throw new SearchUnavailable(`${path}: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (response.status === 404) return null
    if (!response.ok) throw new SearchUnavailable(`${path}: HTTP ${response.status}`)
    try {
      return (await response.json()) as unknown
    } catch {
      throw new SearchUnavailable(`${path}: not JSON`)
    }
  }
}

/** A shard's terms with their postings (anything else in the file is left out). */
function toShard(body: unknown): Shard {
  const shard: Shard = new Map()
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return shard
  for (const [term, postings] of Object.entries(body)) {
    if (Array.isArray(postings) && postings.every((n) => typeof n === 'number')) shard.set(term, postings as number[])
  }
  return shard
}

/** A doc, if the file holds one: its URL must be a path of this site. */
function toDoc(id: number, body: unknown): Doc | null {
  const { url, title, text } = (body ?? {}) as Record<string, unknown>
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null
  return { id, url, title: typeof title === 'string' ? title : '', text: typeof text === 'string' ? text : '' }
}
