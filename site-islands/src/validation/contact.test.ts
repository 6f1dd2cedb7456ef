import { describe, expect, it } from 'vitest'
import { forms, messages } from '../../../rules/validate'
import vectors from '../../../rules/vectors.json'
import { valuesOf, vectorCases } from '../test/vectors'
import { CONTACT_FIELDS, CONTACT_MAX_LENGTH, contactPayload, firstContactFailure, firstFailure, type ContactValues } from './contact'

// The shared vectors (rules/vectors.json) of the two forms the site has, as a visitor sends
// them: the API's tests send the same cases to the server (api/cli/tests/it/rules.rs).
const siteCases = vectorCases.filter(
  (c) =>
    c.audience === 'visitor' &&
    (c.form === 'subscription' || (c.form === 'contact' && Object.keys(c.change).every((f) => (CONTACT_FIELDS as readonly string[]).includes(f)))),
)

describe.each(['en', 'ar'] as const)('the shared vectors, in %s', (lang) => {
  it('include the contact form and the newsletter', () => {
    expect(siteCases.filter((c) => c.form === 'contact').length).toBeGreaterThanOrEqual(15)
    expect(siteCases.filter((c) => c.form === 'subscription').length).toBeGreaterThanOrEqual(3)
  })

  it.each(siteCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const fields = c.form === 'contact' ? CONTACT_FIELDS : (['email'] as const)
    const failure = firstFailure(c.form as 'contact' | 'subscription', fields, valuesOf(c) as Record<string, string>, lang)
    if (c.expect === null) expect(failure).toBeNull()
    else expect(failure).toEqual({ field: c.expect.field, message: (c.expect.headline ?? c.expect)[lang] })
  })
})

const valid: ContactValues = vectors.valid.contact

describe('firstContactFailure', () => {
  it('stops at the first failing rule', () => {
    expect(firstContactFailure({ phone: '1' }, 'en')).toEqual({ field: 'first_name', message: 'First name is required.' })
    expect(firstContactFailure({ ...valid, last_name: '1', email: 'x' }, 'ar')).toEqual({
      field: 'last_name',
      message: 'يجب أن يحتوي اسم العائلة على أحرف فقط.',
    })
  })

  it('bounds each input as the server does', () => {
    expect(CONTACT_MAX_LENGTH).toEqual({ first_name: 100, last_name: 100, phone: 100, email: 254, subject: 200, message: 5000 })
  })
})

describe('the table the pages carry', () => {
  it('holds the three forms of the site and none of the admin (generated at build time from rules/forms.json)', () => {
    expect(Object.keys(forms).sort()).toEqual(['airportRequest', 'contact', 'subscription'])
    expect(Object.keys(messages).sort()).toEqual(['passwordBlank', 'passwordTooLong', 'passwordTooShort'])
  })
})

describe('contactPayload', () => {
  it('sends the API field names with trimmed text', () => {
    expect(contactPayload({ ...valid, subject: '  Arrival  ' })).toEqual({ ...valid, subject: 'Arrival' })
  })
})
