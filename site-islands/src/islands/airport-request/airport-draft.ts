//! The airport request draft (decision 7): kept in browser storage while it is filled in and
//! forgotten only once the request has been received.
import { readItem, removeItem, writeItem } from '../../lib/storage'

export const AIRPORT_SERVICES = ['meetGreet', 'fastTrack', 'lounge', 'porter', 'buggy', 'airsideLimo'] as const
export type AirportService = (typeof AIRPORT_SERVICES)[number]

export interface AirportDraft {
  country: string
  city: string
  airport: string
  terminal: string
  flightNumber: string
  departureArrival: string
  date: string
  time: string
  passengerDetails: { title: string; fullName: string; mobile: string; email: string }
  meetGreet: { meetingPoint: string; signageName: string; numPassengers: string; language: string; assistence: string }
  porterService: { bags: string; bagType: string; pickup: string; drop: string; trolleyAssist: string; timeSlot: string }
  /** One or more of `AIRPORT_SERVICES`. */
  services: string[]
}

export const DRAFT_KEY = 'concierge.airportRequest'

export function emptyDraft(): AirportDraft {
  return {
    country: '',
    city: '',
    airport: '',
    terminal: '',
    flightNumber: '',
    departureArrival: '',
    date: '',
    time: '',
    passengerDetails: { title: '', fullName: '', mobile: '', email: '' },
    meetGreet: { meetingPoint: '', signageName: '', numPassengers: '', language: '', assistence: '' },
    porterService: { bags: '', bagType: '', pickup: '', drop: '', trolleyAssist: '', timeSlot: '' },
    services: [],
  }
}

/**
 * Keeps the known fields of `raw` that are text (numbers become text) and the known services;
 * the rest start empty. A draft saved when one service could be chosen (`selectedService`)
 * comes back with that service chosen.
 */
export function normaliseDraft(raw: unknown): AirportDraft {
  const draft = emptyDraft()
  const source = isRecord(raw) ? raw : {}
  const fill = (target: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const key of Object.keys(target)) {
      const value = from[key]
      if (Array.isArray(target[key])) continue
      if (isRecord(target[key])) fill(target[key] as Record<string, unknown>, isRecord(value) ? value : {})
      else if (typeof value === 'string') target[key] = value
      else if (typeof value === 'number' && Number.isFinite(value)) target[key] = String(value)
    }
  }
  fill(draft as unknown as Record<string, unknown>, source)
  const chosen = Array.isArray(source.services) ? source.services : [source.selectedService]
  draft.services = AIRPORT_SERVICES.filter((service) => chosen.includes(service))
  return draft
}

export function isEmptyDraft(draft: AirportDraft): boolean {
  const values = (record: Record<string, unknown>): unknown[] =>
    Object.values(record).flatMap((v) => (isRecord(v) ? values(v) : Array.isArray(v) ? v : [v]))
  return values(draft as unknown as Record<string, unknown>).every((v) => v === '')
}

export function loadDraft(): AirportDraft | null {
  const text = readItem(DRAFT_KEY)
  if (!text) return null
  try {
    return normaliseDraft(JSON.parse(text))
  } catch {
    return null
  }
}

/** When the visitor began the draft they have now (epoch milliseconds). */
export const STARTED_KEY = 'concierge.airportRequest.startedAt'

/** Saves the draft; an empty draft is the absence of one. */
export function saveDraft(draft: AirportDraft, now: number = Date.now()): void {
  if (isEmptyDraft(draft)) {
    clearDraft()
    return
  }
  writeItem(DRAFT_KEY, JSON.stringify(draft))
  if (draftStartedAt() === null) writeItem(STARTED_KEY, String(now))
}

export function clearDraft(): void {
  removeItem(DRAFT_KEY)
  removeItem(STARTED_KEY)
}

/** When the draft was begun, if there is one. */
export function draftStartedAt(): number | null {
  const started = Number(readItem(STARTED_KEY))
  return Number.isFinite(started) && started > 0 ? started : null
}

/**
 * How long the visitor has spent on the request, for the server's "faster than a person" check:
 * since the page opened, or since the draft they came back to was begun, whichever is longer (a
 * visitor who returns to a finished draft and sends it at once is still a person).
 */
export function fillingTime(sincePageOpened: number, now: number = Date.now()): number {
  const started = draftStartedAt()
  return Math.round(Math.max(sincePageOpened, started === null ? 0 : now - started))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
