import { beforeEach, describe, expect, it } from 'vitest'
import { airports } from '../../test/fixtures'
import { airportOptions } from './airport-data'
import { DRAFT_KEY, STARTED_KEY, clearDraft, emptyDraft, fillingTime, loadDraft, normaliseDraft, saveDraft } from './airport-draft'

describe('the airport request draft', () => {
  beforeEach(() => localStorage.clear())

  it('saves every change and restores it', () => {
    const draft = { ...emptyDraft(), country: 'AE', services: ['meetGreet', 'porter'] }
    draft.porterService.bags = '3'
    saveDraft(draft)
    expect(loadDraft()).toEqual(draft)
  })

  it('stores nothing for an empty form, and forgets the draft when cleared', () => {
    saveDraft({ ...emptyDraft(), city: 'Dubai' })
    saveDraft(emptyDraft())
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    saveDraft({ ...emptyDraft(), city: 'Dubai' })
    clearDraft()
    expect(loadDraft()).toBeNull()
  })

  it('counts the time spent on a draft since it was begun, not only since the page opened', () => {
    expect(fillingTime(1200, 1_000_000)).toBe(1200)
    saveDraft({ ...emptyDraft(), city: 'Dubai' }, 1_000_000)
    saveDraft({ ...emptyDraft(), city: 'Doha' }, 1_050_000)
    expect(localStorage.getItem(STARTED_KEY)).toBe('1000000')
    // Back a day later with the draft restored: sent within a second, still a person's time.
    expect(fillingTime(900, 1_000_000 + 86_400_000)).toBe(86_400_000)
    clearDraft()
    expect(localStorage.getItem(STARTED_KEY)).toBeNull()
    expect(fillingTime(900, 2_000_000)).toBe(900)
  })

  it('keeps only known text fields from whatever storage holds', () => {
    expect(normaliseDraft({ country: 'IN', meetGreet: { numPassengers: 2, hack: 'x' }, extra: true, city: null })).toEqual({
      ...emptyDraft(),
      country: 'IN',
      meetGreet: { ...emptyDraft().meetGreet, numPassengers: '2' },
    })
    localStorage.setItem(DRAFT_KEY, '{not json')
    expect(loadDraft()).toBeNull()
  })

  it('counts chosen services as something typed', () => {
    saveDraft({ ...emptyDraft(), services: ['lounge'] })
    expect(loadDraft()?.services).toEqual(['lounge'])
  })

  it('keeps the services offered, each once, in the page’s order', () => {
    expect(normaliseDraft({ services: ['porter', 'spa', 'meetGreet', 'porter', 7] }).services).toEqual(['meetGreet', 'porter'])
    expect(normaliseDraft({ services: 'porter' }).services).toEqual([])
  })

  it('reads a draft saved when one service could be chosen as that service chosen', () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...emptyDraft(), services: undefined, country: 'AE', selectedService: 'porter' }))
    expect(loadDraft()).toEqual({ ...emptyDraft(), country: 'AE', services: ['porter'] })
    expect(normaliseDraft({ selectedService: '' }).services).toEqual([])
    expect(normaliseDraft({ selectedService: 'spa' }).services).toEqual([])
    // A draft that has both was saved by this page: its list wins.
    expect(normaliseDraft({ services: ['lounge'], selectedService: 'porter' }).services).toEqual(['lounge'])
  })
})

describe('dependent airport choices', () => {
  it('offers cities of the chosen country, airports of the city, terminals of the airport', () => {
    const none = airportOptions(airports, 'en', { country: '', city: '', airport: '' })
    expect(none.countries.map((c) => c.value)).toEqual(['AE', 'IN'])
    expect(none.cities).toEqual([])
    const dubai = airportOptions(airports, 'ar', { country: 'AE', city: 'Dubai', airport: 'DXB' })
    expect(dubai.cities).toEqual([{ value: 'Dubai', label: 'دبي' }])
    expect(dubai.airports).toEqual([{ value: 'DXB', label: 'مطار دبي الدولي (DXB)' }])
    expect(dubai.terminals).toEqual([
      { value: 'Terminal 1', label: 'المبنى 1' },
      { value: 'Terminal 3', label: 'المبنى 3' },
    ])
  })

  it('falls back to English names, marked English, where Arabic is missing, and offers nothing under an unknown choice', () => {
    const delhi = airportOptions(airports, 'ar', { country: 'IN', city: 'Delhi', airport: 'DEL' })
    expect(delhi.airports[0].label).toEqual({ text: 'Indira Gandhi International Airport (DEL)', lang: 'en' })
    expect(delhi.terminals).toEqual([{ value: 'Terminal 3', label: { text: 'Terminal 3', lang: 'en' } }])
    expect(airportOptions(airports, 'en', { country: 'IN', city: 'Delhi', airport: 'DEL' }).terminals).toEqual([{ value: 'Terminal 3', label: 'Terminal 3' }])
    expect(airportOptions(airports, 'en', { country: 'XX', city: 'Dubai', airport: 'DXB' }).airports).toEqual([])
  })
})
