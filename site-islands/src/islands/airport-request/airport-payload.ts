//! The draft as the rules read it (flat, each field named by its path: `passengerDetails.mobile`)
//! and as the API takes it (`POST /airport-requests`, architecture "Airport requests"). Which
//! service brings which details comes from the table (`when` in rules/forms.json).
import { checkForm, forms, trimText, type Lang } from '../../../../rules/validate'
import { AIRPORT_SERVICES, type AirportDraft } from './airport-draft'

const RULES = forms.airportRequest.fields

/** Every field of the request, in the table's order (the order failures are shown and focused). */
export const AIRPORT_FIELDS: readonly string[] = RULES.map((rule) => rule.name)

/** A field's bounds as its input's attributes: a number's `min` and `max`, a text's `maxLength`. */
export function boundsOf(field: string): { min?: number; max?: number; maxLength?: number } {
  const rule = RULES.find((r) => r.name === field)
  if (rule?.kind === 'wholeNumber') return { min: rule.min, max: rule.max }
  return rule?.max === undefined ? {} : { maxLength: rule.max }
}

type Details = 'meetGreet' | 'porterService'

/** The service whose choice brings a group of details (`meetGreet` → `meetGreet`, `porterService` → `porter`). */
export function serviceOf(details: Details): string {
  const when = RULES.find((rule) => rule.name.startsWith(`${details}.`))?.when
  if (!when) throw new Error(`rules/forms.json names no service for airportRequest.${details}`)
  return when
}

/** Whether the draft asks for the details of `details` (its service is chosen). */
export const wantsDetails = (draft: Pick<AirportDraft, 'services'>, details: Details) =>
  (draft.services ?? []).includes(serviceOf(details))

/** The draft as rules/forms.json names its fields, with the page's language. */
export function airportValues(draft: AirportDraft, lang: Lang): Record<string, unknown> {
  const { passengerDetails, meetGreet, porterService, ...flight } = draft
  const groups = { passengerDetails, meetGreet, porterService }
  const nested = Object.entries(groups).flatMap(([group, fields]) =>
    Object.entries(fields).map(([name, value]) => [`${group}.${name}`, value]),
  )
  return { ...flight, ...Object.fromEntries(nested), lang }
}

export interface AirportFailure {
  field: string
  message: string
  toast: string
}

/** Each failing field with its message in `lang`, in the table's order: the first is the headline. */
export function airportFailures(draft: AirportDraft, lang: Lang, now?: Date): AirportFailure[] {
  const { failures } = checkForm('airportRequest', airportValues(draft, lang), 'visitor', undefined, now)
  return failures.map((f) => ({ field: f.field, message: f.message[lang], toast: f.toast[lang] }))
}

const trimmed = <T extends Record<string, string>>(record: T): T =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, trimText(value)])) as T

/**
 * The request as `POST /airport-requests` takes it: trimmed text as typed (the server keeps its
 * own forms of a flight number or a phone), the services in the page's order, and a service's
 * details only when that service is chosen.
 */
export function airportPayload(draft: AirportDraft, lang: Lang) {
  const { passengerDetails, meetGreet, porterService, services, ...flight } = draft
  return {
    ...trimmed(flight),
    services: AIRPORT_SERVICES.filter((service) => services.includes(service)),
    passengerDetails: trimmed(passengerDetails),
    ...(wantsDetails(draft, 'meetGreet') ? { meetGreet: trimmed(meetGreet) } : {}),
    ...(wantsDetails(draft, 'porterService') ? { porterService: trimmed(porterService) } : {}),
    lang,
  }
}

/** What the visitor is shown once the request is in. */
export interface Receipt {
  reference: string
  /** The server's thanks, in the page's language (it answers in the language the page asks). */
  message: string | null
}

/** Reads the 201 answer: `{"responseBody": [{"id", "reference"}], "message"}`. */
export function receiptOf(answer: unknown): Receipt {
  const { responseBody, message } = (answer ?? {}) as { responseBody?: unknown; message?: unknown }
  const item = Array.isArray(responseBody) ? (responseBody[0] as { reference?: unknown } | undefined) : undefined
  return {
    reference: typeof item?.reference === 'string' ? item.reference : '',
    message: typeof message === 'string' && message !== '' ? message : null,
  }
}
