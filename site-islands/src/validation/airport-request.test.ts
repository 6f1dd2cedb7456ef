import { describe, expect, it } from 'vitest'
import {
  checkField,
  checkForm,
  earliestDate,
  fieldRule,
  isCalendarDate,
  isTime,
  listOf,
  parseFlightNumber,
  type FieldRule,
} from '../../../rules/validate'
import vectors from '../../../rules/vectors.json'
import { airportFailures } from '../islands/airport-request/airport-payload'
import { normaliseDraft } from '../islands/airport-request/airport-draft'
import { valuesOf, vectorCases } from '../test/vectors'

// The shared vectors of the airport request (rules/vectors.json), as a visitor sends them: the
// API's tests send the same cases to the server (api/cli/tests/it/rules.rs).
const airportCases = vectorCases.filter((c) => c.form === 'airportRequest')

/** The flat names of a case (`passengerDetails.mobile`) as the island's draft holds them. */
function draftOf(values: Record<string, unknown>) {
  const nested: Record<string, Record<string, unknown>> = {}
  const top: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const [group, field] = name.split('.')
    if (field === undefined) top[name] = value
    else nested[group] = { ...nested[group], [field]: value }
  }
  // The draft keeps only the services it offers; a case may send others.
  return { ...normaliseDraft({ ...top, ...nested }), services: listOf(values.services) }
}

describe.each(['en', 'ar'] as const)('the airport request vectors, in %s', (lang) => {
  it('cover every field and case the server knows', () => {
    expect(airportCases.length).toBeGreaterThanOrEqual(20)
  })

  it.each(airportCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { headline, failures } = checkForm('airportRequest', valuesOf(c), 'visitor')
    if (c.expect === null) {
      expect(failures).toEqual([])
      return
    }
    expect(headline?.field).toBe(c.expect.field)
    expect(headline?.message[lang]).toBe(c.expect[lang])
    expect(headline?.toast[lang]).toBe((c.expect.headline ?? c.expect)[lang])
  })

  it.each(airportCases.map((c) => [c.name, c] as const))('the island reads %s the same way', (_name, c) => {
    const values = valuesOf(c)
    const failures = airportFailures(draftOf(values), lang)
    expect(failures[0]?.field ?? null).toBe(c.expect?.field ?? null)
    if (c.expect) expect(failures[0].message).toBe(c.expect[lang])
  })
})

const rule = (name: string): FieldRule => fieldRule('airportRequest', name)
const passes = (name: string, raw: unknown, now?: Date) => checkField(rule(name), raw, 'visitor', {}, now) === null
const messageOf = (name: string, raw: unknown) => checkField(rule(name), raw, 'visitor')?.message.en

describe('flight numbers', () => {
  it.each([
    ['SV 123', 'SV123'],
    ['ek2', 'EK2'],
    [' baw 9a ', 'BAW9A'],
    ['6E 2041', '6E2041'],
    ['G9\u00A0101', 'G9101'],
    ['QR\t1', 'QR1'],
  ])('reads %j as %s', (raw, code) => expect(parseFlightNumber(raw)).toBe(code))

  it.each(['123456', 'SV', 'SV12345', 'S 1', '12 34', 'SVAB123', 'SV123AB', 'SV-123', 'ſV123', 'ＳＶ123', 'SV ١٢٣'])(
    'refuses %j',
    (raw) => expect(parseFlightNumber(raw)).toBeNull(),
  )

  it('counts the length before the shape, and never refuses characters before the shape does', () => {
    expect(messageOf('flightNumber', 'SV 12345678')).toBe('Flight number must be at most 10 characters.')
    expect(messageOf('flightNumber', 'SV\u202E123')).toBe('Please enter a flight number such as SV 123.')
  })
})

describe('dates', () => {
  it.each(['2099-12-01', '2096-02-29', '2000-02-29', '2099-01-31'])('accepts the calendar day %s', (day) =>
    expect(isCalendarDate(day)).toBe(true),
  )

  it.each(['2099-02-30', '2100-02-29', '2099-13-01', '2099-00-10', '2099-04-31', '2099-12-00', '01-12-2099', '2099-1-01', '+2099-01-01', '2099-01-01T00:00', '２０９９-01-01'])(
    'refuses %j',
    (day) => expect(isCalendarDate(day)).toBe(false),
  )

  it('starts at the day it still is somewhere on earth (UTC−12)', () => {
    expect(earliestDate(new Date('2026-11-27T11:59:59Z'))).toBe('2026-11-26')
    expect(earliestDate(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-27')
    expect(earliestDate(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31')
  })

  it('accepts yesterday (UTC) until noon UTC, and today from then on', () => {
    const beforeNoon = new Date('2026-11-27T11:59:59Z')
    const noon = new Date('2026-11-27T12:00:00Z')
    expect(passes('date', '2026-11-26', beforeNoon)).toBe(true)
    expect(passes('date', '2026-11-25', beforeNoon)).toBe(false)
    expect(passes('date', '2026-11-26', noon)).toBe(false)
    expect(passes('date', '2026-11-27', noon)).toBe(true)
    expect(passes('date', '2099-02-28', noon)).toBe(true)
    expect(passes('date', '2099-02-30', noon)).toBe(false)
  })

  it('runs the date against the clock checkForm is given', () => {
    const values = { ...valuesOf(airportCases[0]), date: '2026-11-26' }
    const dateFailure = (now: Date) => checkForm('airportRequest', values, 'visitor', undefined, now).headline?.field
    expect(dateFailure(new Date('2026-11-27T11:00:00Z'))).toBeUndefined()
    expect(dateFailure(new Date('2026-11-27T13:00:00Z'))).toBe('date')
  })
})

describe('times', () => {
  it.each(['00:00', '09:05', '14:30', '23:59'])('accepts %s', (time) => expect(isTime(time)).toBe(true))
  it.each(['24:00', '24:10', '9:05', '12:60', '12:5', '1230', '12.30', '12:30:00', '١٢:٣٠'])('refuses %j', (time) =>
    expect(isTime(time)).toBe(false),
  )
})

describe('whole numbers', () => {
  it.each(['1', '50', '+3', '007', ' 12 '])('accepts %j passengers', (n) => expect(passes('meetGreet.numPassengers', n)).toBe(true))
  it.each(['0', '51', '-1', '1.5', '2e1', 'three', '99999999999999999999999'])('refuses %j passengers with the range', (n) =>
    expect(messageOf('meetGreet.numPassengers', n)).toBe('Number of passengers must be a whole number from 1 to 50.'),
  )
  it('reads a number sent as a number', () => expect(passes('porterService.bags', 4)).toBe(true))
})

describe('lists of choices', () => {
  it('reads an array or a comma-joined string', () => {
    expect(listOf(['meetGreet', 'porter'])).toEqual(['meetGreet', 'porter'])
    expect(listOf('meetGreet,porter')).toEqual(['meetGreet', 'porter'])
    expect(listOf(' meetGreet , porter,,')).toEqual(['meetGreet', 'porter'])
    expect(listOf('')).toEqual([])
    expect(listOf(undefined)).toEqual([])
  })

  it('asks for one at least, and only those offered', () => {
    expect(messageOf('services', [])).toBe('Please choose at least one service.')
    expect(messageOf('services', '')).toBe('Please choose at least one service.')
    expect(passes('services', ['meetGreet', 'airsideLimo'])).toBe(true)
    expect(passes('services', 'lounge,buggy')).toBe(true)
    expect(messageOf('services', ['lounge', 'spa'])).toBe('Please choose services from the list.')
    expect(messageOf('services', 'lounge, buggy')).toBe('Please choose services from the list.')
    expect(messageOf('services', ['lounge', ''])).toBe('Please choose services from the list.')
  })
})

describe('fields that only a chosen service asks for', () => {
  const valid = vectors.valid.airportRequest
  const failing = (values: Record<string, unknown>) => checkForm('airportRequest', values, 'visitor').failures.map((f) => f.field)

  it('are skipped, however filled, when their service is not chosen', () => {
    expect(failing({ ...valid, services: ['lounge'], 'meetGreet.numPassengers': 'many', 'porterService.timeSlot': 'soon' })).toEqual([])
  })

  it('are checked when it is, from an array or a comma-joined string', () => {
    expect(failing({ ...valid, services: ['lounge', 'porter'] })).toEqual([
      'porterService.bags',
      'porterService.bagType',
      'porterService.pickup',
      'porterService.drop',
      'porterService.trolleyAssist',
      'porterService.timeSlot',
    ])
    expect(failing({ ...valid, services: 'meetGreet,porter' })).toContain('porterService.bags')
    expect(failing({ ...valid, services: 'meetGreet,porter' })).not.toContain('meetGreet.meetingPoint')
    // A spaced list is not one of the choices, but it still says which details are asked for.
    expect(failing({ ...valid, services: 'meetGreet, porter' })).toEqual(['services', ...failing({ ...valid, services: ['porter'] })])
  })
})
