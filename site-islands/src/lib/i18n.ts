//! i18next instances over the shared string tables (content/strings/{en,ar}.json): the server
//! entry makes one per language, the browser one for the page's language.
import i18next, { type i18n } from 'i18next'
import type en from '../../../content/strings/en.json'
import type { Lang } from './lang'

export { isLang, type Lang } from './lang'

export type StringTable = typeof en

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: StringTable }
  }
}

/** A ready (synchronously initialised) i18next instance for one language. */
export function createI18n(lang: Lang, table: StringTable): i18n {
  const instance = i18next.createInstance()
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: table } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}
