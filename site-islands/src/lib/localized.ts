//! A visitor-facing text from the generator (`ssg/src/localized`): a plain string when it is in
//! the page's language, `{text, lang}` when it is not (an English fallback on an Arabic page,
//! architecture decision 11). It is not a React child, so TypeScript refuses `{item.name}`:
//! an island shows one through `<LangText>` (components/lang-text.tsx), which marks a foreign
//! text `lang="en" dir="ltr"`, and takes `textOf()` only where an attribute wants a string
//! (an attribute cannot carry a language).
import type { Lang } from './lang'

export type Localized = string | { text: string; lang: Lang }

/** The text itself, unmarked: for attributes (labels, keys) and comparisons. */
export function textOf(value: Localized): string {
  return typeof value === 'string' ? value : value.text
}

/** The text's language when it is not the page's. */
export function langOf(value: Localized): Lang | undefined {
  return typeof value === 'string' ? undefined : value.lang
}

export function dirOf(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr'
}

/** The attributes of an element that holds `value`: `{lang, dir}` for a foreign text, none otherwise. */
export function langAttributes(value: Localized): { lang?: Lang; dir?: 'ltr' | 'rtl' } {
  const lang = langOf(value)
  return lang ? { lang, dir: dirOf(lang) } : {}
}

/** `text` in `lang`, shown on a page in `page`: what the generator would have written. */
export function localized(text: string, lang: Lang, page: Lang): Localized {
  return lang === page ? text : { text, lang }
}
