//! The airport request's dependent choices (content/airports.toml as JSON, passed as props).
import type { Lang } from '../../lib/i18n'

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

const named = (lang: Lang, item: { name: string; name_ar?: string }) =>
  lang === 'ar' && item.name_ar ? item.name_ar : item.name

/** Options for each level given the choices above it; an unknown choice gives no options below. */
export function airportOptions(data: Airports, lang: Lang, choice: { country: string; city: string; airport: string }) {
  const country = data.countries.find((c) => c.code === choice.country)
  const city = country?.cities.find((c) => c.name === choice.city)
  const airport = city?.airports.find((a) => a.iata === choice.airport)
  return {
    countries: data.countries.map((c) => ({ value: c.code, label: named(lang, c) })),
    cities: (country?.cities ?? []).map((c) => ({ value: c.name, label: named(lang, c) })),
    airports: (city?.airports ?? []).map((a) => ({ value: a.iata, label: `${named(lang, a)} (${a.iata})` })),
    terminals: (airport?.terminals ?? []).map((name, i) => ({
      value: name,
      label: (lang === 'ar' && airport?.terminals_ar?.[i]) || name,
    })),
  }
}
