import { describe, expect, it } from 'vitest'
import { contactPayload, firstContactFailure, type ContactValues } from './contact'

const valid: ContactValues = {
  first_name: 'نورة',
  last_name: 'Al-Qahtani',
  phone: '+971 50 123 4567',
  email: 'noura@example.ae',
  subject: 'Arrival in Dubai',
  message: 'Meet and greet for three.',
}

describe('firstContactFailure', () => {
  it('accepts an Arabic-named visitor with a UAE phone', () => {
    expect(firstContactFailure(valid)).toBeNull()
  })

  // Specification section 5, in order, with the string-table key of each message.
  it.each<[string, Partial<ContactValues>, string, string]>([
    ['first name missing', { first_name: '' }, 'first_name', 'validation.firstNameRequired'],
    ['first name with a digit', { first_name: 'J0hn' }, 'first_name', 'validation.firstNameLetters'],
    ['last name blank', { last_name: ' ' }, 'last_name', 'validation.lastNameRequired'],
    ['last name with a symbol', { last_name: 'Smith!' }, 'last_name', 'validation.lastNameLetters'],
    ['phone missing', { phone: '' }, 'phone', 'validation.phoneRequired'],
    ['phone too short', { phone: '12345' }, 'phone', 'validation.phoneDigits'],
    ['email missing', { email: '' }, 'email', 'validation.emailRequired'],
    ['email malformed', { email: 'not-an-email' }, 'email', 'validation.emailInvalid'],
    ['subject missing', { subject: '' }, 'subject', 'validation.subjectRequired'],
    ['message blank', { message: '\n ' }, 'message', 'validation.messageRequired'],
  ])('%s', (_case, edit, field, message) => {
    expect(firstContactFailure({ ...valid, ...edit })).toEqual({ field, message })
  })

  it('stops at the first failing rule', () => {
    expect(firstContactFailure({ phone: '1' })).toEqual({ field: 'first_name', message: 'validation.firstNameRequired' })
    expect(firstContactFailure({ ...valid, last_name: '1', email: 'x' })).toEqual({
      field: 'last_name',
      message: 'validation.lastNameLetters',
    })
  })
})

describe('contactPayload', () => {
  it('sends the API field names with trimmed text', () => {
    expect(contactPayload({ ...valid, subject: '  Arrival  ' })).toEqual({ ...valid, subject: 'Arrival' })
  })
})
