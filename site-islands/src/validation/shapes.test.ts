import { describe, expect, it } from 'vitest'
import { parseEmail, parsePersonName, parsePhone, trimText } from '../../../rules/validate'

// The shapes of rules/validate.ts, with the server's unit-test cases (api/core/src/domain/contact.rs).
describe('parsePersonName', () => {
  it.each(['Fatima', 'محمد', 'عبد الله', 'Anne-Marie', "O'Neil", 'José', 'Ng', 'زَيْد', 'D\u2019Souza'])(
    'accepts names in any script: %s',
    (name) => expect(parsePersonName(name)).not.toBeNull(),
  )

  it.each(['R2D2', 'a@b', '<script>', 'Ali\u202E', '---', '  ', 'Ali\tHassan'])(
    'refuses digits, symbols, controls and direction overrides: %j',
    (name) => expect(parsePersonName(name)).toBeNull(),
  )

  it('trims and joins runs of spaces like the server stores them', () => {
    expect(parsePersonName('  Mary   Ann ')).toBe('Mary Ann')
  })
})

describe('parsePhone', () => {
  it('keeps only the digits of numbers written with spaces, dashes, brackets, dots and one +', () => {
    expect(parsePhone('+971 50 123 4567')).toBe('971501234567')
    expect(parsePhone('(020) 7946-0958')).toBe('02079460958')
    expect(parsePhone('050.123.4567')).toBe('0501234567')
  })

  it.each(['12345', '+1234567890123456', '++971501234567', '97150abc4567', '+971 50 123 4567 x1', '٠٥٠١٢٣٤٥٦٧'])(
    'refuses %j',
    (phone) => expect(parsePhone(phone)).toBeNull(),
  )

  it('accepts exactly 10 to 15 digits', () => {
    expect(parsePhone('1'.repeat(9))).toBeNull()
    expect(parsePhone('1'.repeat(10))).not.toBeNull()
    expect(parsePhone('1'.repeat(15))).not.toBeNull()
    expect(parsePhone('1'.repeat(16))).toBeNull()
  })
})

describe('parseEmail', () => {
  it.each(['a@b.co', 'first.last+tag@concierge.example.com', 'USER@Example.AE', 'نورة@مثال.امارات'])('accepts %s', (email) =>
    expect(parseEmail(email)).not.toBeNull(),
  )

  it.each(['plain', 'a@b', 'a@.com', 'a..b@c.com', 'a@b.c', 'a b@c.com', '@c.com', 'a@-b.com', '.a@b.com', 'a@b.c0m', `${'a'.repeat(65)}@b.com`])(
    'refuses %j',
    (email) => expect(parseEmail(email)).toBeNull(),
  )

  it('returns the address trimmed', () => {
    expect(parseEmail('  user@example.ae ')).toBe('user@example.ae')
  })
})

describe('trimText', () => {
  it('trims Unicode white space like Rust does', () => {
    expect(trimText('\u00A0\u2003 text \u3000')).toBe('text')
  })
})
