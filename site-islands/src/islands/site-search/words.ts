//! How site search reads text: what a visitor types, read exactly as the publisher read the
//! pages it indexed (ssg/src/search/words.rs), held together by `rules/search-vectors.json`.
//!
//! A word is a run of letters, marks and digits; its script decides its rules, whatever the
//! page's language. Latin words (and anything else without Arabic letters) are folded (accents
//! and case) and stemmed by Snowball's English stemmer; Arabic words are normalised and lose
//! their article and one-letter prefixes where two letters or more remain, so that الرياض,
//! رياض and بالرياض are one word.
import { stem } from 'porter2'

/** One word of a text: `form` as typed (folded, normalised, not stemmed), `term` as indexed. */
export interface Word {
  form: string
  term: string
}

/**
 * A word's characters, as the Rust side has them (`in_word`): `char::is_alphanumeric` (the
 * Alphabetic property, which holds every letter, or a number), a mark (General_Category=Mark),
 * the tatweel, or one of the Arabic marks it drops (U+064B–065F, U+0670, U+06D6–06ED: a few of
 * those are symbols or a format character, not marks). Alphabetic is a little wider than
 * `\p{L}` (circled letters such as Ⓐ are Alphabetic symbols). Global: read it with `matchAll`.
 */
export const WORD = /[\p{Alphabetic}\p{N}\p{M}\u0640\u064B-\u065F\u0670\u06D6-\u06ED]+/gu

/** The words of `text`, in order; words of one character are left out. */
export function words(text: string): Word[] {
  const out: Word[] = []
  for (const match of text.matchAll(WORD)) {
    const w = wordOf(match[0])
    if (w) out.push(w)
  }
  return out
}

/** The word a run of letters, marks and digits is read as, or `null` when it is one character. */
export function wordOf(raw: string): Word | null {
  let w: Word
  if (ARABIC_LETTER.test(raw)) {
    const form = arabic(raw)
    w = { form, term: form }
  } else {
    const form = latin(raw)
    w = { form, term: stemEnglish(form) }
  }
  return codePoints(w.term) >= 2 ? w : null
}

/**
 * The first letter of the term a run of letters (as [`wordOf`] reads it) begins with, known
 * without stemming: that of its folded form, for a word without Arabic letters (Porter2 changes
 * only a word's endings); `null` where it is not known so (an Arabic word loses its prefixes).
 */
export function initial(raw: string): string | null {
  if (ARABIC_LETTER.test(raw)) return null
  const first = raw.codePointAt(0)
  if (first === undefined) return null
  const folded = latin(String.fromCodePoint(first))
  return folded === '' ? null : String.fromCodePoint(folded.codePointAt(0)!)
}

/** Anything in the Arabic blocks (letters, digits, marks, presentation forms). */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u

/** Harakat, the dagger alef, Quranic marks; any other mark; the tatweel. */
const ARABIC_DROPPED = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640\p{M}]/gu

const ARABIC_FOLDED: Record<string, string> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ى': 'ي',
  'ة': 'ه',
  'ؤ': 'و',
  'ئ': 'ي',
}

/** An Arabic word's letters normalised, its prefixes taken off. */
function arabic(raw: string): string {
  let w = Array.from(raw.replace(ARABIC_DROPPED, ''), (c) => {
    const code = c.codePointAt(0)!
    if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660)
    if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0)
    return ARABIC_FOLDED[c] ?? c
  })
  // Taken off only where two letters or more remain.
  const cut = (n: number) => w.length >= n + 2
  if ((w[0] === 'و' || w[0] === 'ف') && cut(1)) w = w.slice(1)
  const article = (at: number) => w[at] === 'ا' && w[at + 1] === 'ل'
  const preposition = w[0] === 'ب' || w[0] === 'ك' || w[0] === 'ل'
  if (preposition && article(1) && cut(3)) w = w.slice(3)
  else if (w[0] === 'ل' && w[1] === 'ل' && cut(2)) w = w.slice(2)
  else if (article(0) && cut(2)) w = w.slice(2)
  else if (preposition && cut(1)) w = w.slice(1)
  return w.join('')
}

const ASCII = /^[\x00-\x7f]*$/

/**
 * Accents and case folded: NFD, marks dropped, then each character lowercased on its own (as
 * Rust's `char::to_lowercase` does: a final capital sigma becomes σ, not the ς that
 * `String.prototype.toLowerCase` would write at the end of a word).
 */
function latin(raw: string): string {
  // Most words of a page: nothing to fold but the case.
  if (ASCII.test(raw)) return raw.toLowerCase()
  return Array.from(raw.normalize('NFD').replace(/\p{M}/gu, ''), (c) => c.toLowerCase()).join('')
}

/**
 * Snowball's English (Porter2) stemmer, as the `rust-stemmers` crate has it (Snowball 2.x:
 * `porter2` gives the same stem for each of the 42,603 words of Snowball's English test
 * vocabulary of that version). `porter2` counts UTF-16 code units where the Rust stemmer counts
 * characters, so a character outside the Basic Multilingual Plane (two code units) stands in
 * as one private-use character while stemming: both then see the same letters (the stemmer
 * treats any letter but a–z as a consonant, and never looks at which one).
 */
function stemEnglish(form: string): string {
  if (!/[\u{10000}-\u{10FFFF}]/u.test(form)) return stem(form)
  const standIns = new Map<string, string>()
  const originals = new Map<string, string>()
  let next = 0xe000
  const chars = Array.from(form)
  const mapped = chars
    .map((c) => {
      if (c.length === 1) return c
      let s = standIns.get(c)
      if (s === undefined) {
        while (chars.includes(String.fromCharCode(next))) next += 1
        s = String.fromCharCode(next++)
        standIns.set(c, s)
        originals.set(s, c)
      }
      return s
    })
    .join('')
  return Array.from(stem(mapped), (c) => originals.get(c) ?? c).join('')
}

function codePoints(text: string): number {
  return Array.from(text).length
}

/**
 * The index shard a term is in: its first two characters, each as the lowercase hex of its
 * code point, joined by `-` (`ch` → `63-68`, `ري` → `631-64a`).
 */
export function shardKey(term: string): string {
  return Array.from(term)
    .slice(0, 2)
    .map((c) => c.codePointAt(0)!.toString(16))
    .join('-')
}
