/**
 * The places of an airport request by name, in the admin's language: its country, city, airport
 * (with its code: "King Khalid International Airport (RUH)") and terminal. The names are those of
 * the one list the site's airport page and the API read, `content/airports.toml`, taken into the
 * build; a value the list does not know is shown as it was sent.
 */
import airports from '../../../../content/airports.toml';

type Named = { name: string; name_ar?: string };
type Airport = Named & { iata: string; terminals?: string[]; terminals_ar?: string[] };
type City = Named & { airports?: Airport[] };
type Country = Named & { code: string; cities?: City[] };

const COUNTRIES: readonly Country[] = (airports as { countries?: Country[] }).countries ?? [];

const named = (item: Named, lang: string) => (lang === 'ar' && item.name_ar) || item.name;

/** A country code the list does not have, as the browser names regions (`US` → United States). */
function regionName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export type Places = { country: string; city: string; airport: string; terminal: string };

export function placesOf(request: Partial<Places>, lang: string): Places {
  const { country: code = '', city: cityName = '', airport: iata = '', terminal = '' } = request;
  const country = COUNTRIES.find((c) => c.code.toUpperCase() === code.toUpperCase());
  const city = country?.cities?.find((c) => c.name === cityName);
  // The code names one airport wherever it is listed, even under a city the list does not have.
  const airport =
    city?.airports?.find((a) => a.iata === iata) ?? COUNTRIES.flatMap((c) => c.cities ?? []).flatMap((c) => c.airports ?? []).find((a) => a.iata === iata);
  const at = airport?.terminals?.indexOf(terminal) ?? -1;
  return {
    country: country ? named(country, lang) : code && regionName(code, lang),
    city: city ? named(city, lang) : cityName,
    airport: airport ? `${named(airport, lang)} (${airport.iata})` : iata,
    terminal: (lang === 'ar' && at >= 0 && airport?.terminals_ar?.[at]) || terminal,
  };
}
