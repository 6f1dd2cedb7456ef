//! The shared cases of rules/search-vectors.json, as the generator's tests read them too
//! (ssg/src/search/words.rs): a visitor's words are read as the index's were.
import { describe, expect, it } from 'vitest'
import vectors from '../../../../rules/search-vectors.json'
import { initial, shardKey, WORD, wordOf, words } from './words'

interface Case {
  text: string
  words: [string, string][]
}

const cases = vectors.words as Case[]

describe('words', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThan(20)
  })

  it.each(cases.map((c) => [c.text, c.words] as const))('reads %j', (text, expected) => {
    expect(words(text).map((w) => [w.form, w.term])).toEqual(expected)
  })

  it('reads the three ways to write Riyadh, and a plural, as one term', () => {
    const term = (text: string) => words(text).pop()!.term
    expect(term('بالرياض')).toBe(term('رياض'))
    expect(term('الرياض')).toBe(term('رياض'))
    expect(term('chauffeurs')).toBe(term('chauffeur'))
  })

  it('reads a word as the Rust side does where \\p{L} and its rules differ', () => {
    // An Alphabetic symbol (circled letters) is part of a word, as char::is_alphanumeric says.
    expect(words('Ⓐb')).toHaveLength(1)
    // The end-of-ayah sign (a format character) is one of the Arabic marks dropped inside a word.
    expect(words('رياض\u06DDجدة').map((w) => w.term)).toEqual(['رياضجده'])
    // A capital sigma at the end of a word lowercases to σ, one character at a time.
    expect(words('ΟΔΟΣ')[0].form).toBe('οδοσ')
    // A character outside the Basic Multilingual Plane counts as one, as in Rust.
    expect(words('𝔞ies')[0].term).toBe('𝔞ie')
  })

  it('names the shard of a term by its first two code points', () => {
    expect(shardKey('chauffeur')).toBe('63-68')
    expect(shardKey('رياض')).toBe('631-64a')
    expect(shardKey('𝔞ie')).toBe('1d51e-69')
  })

  // The snippet skips stemming a word whose initial no query word's term has: it must be the
  // initial of the word's term, whatever the stemmer does to its ending.
  it('knows the first letter of a word without Arabic letters before stemming it', () => {
    const text = [
      ...cases.map((c) => c.text),
      'dying lying tying skies skis idly gently ugly early only singly news howe atlas cosmos bias andes',
      'Yachts yearly Ÿvonne Élysée İstanbul ǅemal ΣΊΣΥΦΟΣ ß Æsir ﬁne ｆｕｌｌ 2026 x²',
    ].join(' ')
    let known = 0
    for (const [raw] of text.matchAll(WORD)) {
      const w = wordOf(raw)
      const first = initial(raw)
      if (w === null || first === null) continue
      known += 1
      expect(first, raw).toBe(String.fromCodePoint(w.term.codePointAt(0)!))
    }
    expect(known).toBeGreaterThan(40)
    expect(initial('بالرياض')).toBeNull()
  })
})
