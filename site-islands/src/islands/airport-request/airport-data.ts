//! The airport request's dependent choices (content/airports.toml as JSON, passed as props).
import type { Lang } from '../../lib/i18n'
import { localized, textOf, type Localized } from '../../lib/localized'

export interface AirportInfo {
  iata: string
  name: string
  name_ar?: string
  terminals: string[]
  terminals_ar?: string[]
}

export interface City {
  name: string
  name_ar?: string
  airports: AirportInfo[]
}

export interface Country {
  code: string
  name: string
  name_ar?: string
  cities: City[]
}

export interface Airports {
  countries: Country[]
}

export interface Option {
  value: string
  label: string
}

/** A choice of a list whose label may be an English fallback on an Arabic page. */
export interface Choice {
  value: string
  label: Localized
}

/** An Arabic page's name of a place: its Arabic one, else the English, marked as such. */
const named = (lang: Lang, item: { name: string; name_ar?: string }): Localized =>
  lang === 'ar' && item.name_ar ? item.name_ar : localized(item.name, 'en', lang)

const labelled = (label: Localized, change: (text: string) => string): Localized =>
  typeof label === 'string' ? change(label) : { ...label, text: change(textOf(label)) }

/** Options for each level given the choices above it; an unknown choice gives no options below. */
export function airportOptions(
  data: Airports,
  lang: Lang,
  choice: { country: string; city: string; airport: string },
): Record<'countries' | 'cities' | 'airports' | 'terminals', Choice[]> {
  const country = data.countries.find((c) => c.code === choice.country)
  const city = country?.cities.find((c) => c.name === choice.city)
  const airport = city?.airports.find((a) => a.iata === choice.airport)
  return {
    countries: data.countries.map((c) => ({ value: c.code, label: named(lang, c) })),
    cities: (country?.cities ?? []).map((c) => ({ value: c.name, label: named(lang, c) })),
    airports: (city?.airports ?? []).map((a) => ({ value: a.iata, label: labelled(named(lang, a), (name) => `${name} (${a.iata})`) })),
    terminals: (airport?.terminals ?? []).map((name, i) => ({
      value: name,
      label: named(lang, { name, name_ar: airport?.terminals_ar?.[i] }),
    })),
  }
}
