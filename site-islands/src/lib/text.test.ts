import { describe, expect, it } from 'vitest'
import { toAsciiDigits, truncate } from './text'

describe('truncate', () => {
  it('returns text that fits unchanged', () => {
    expect(truncate('Short note.', 200)).toBe('Short note.')
    expect(truncate('x'.repeat(200), 200)).toBe('x'.repeat(200))
  })

  it('cuts at the last word boundary within the limit and adds an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`
    const cut = truncate(text, 200)
    expect(Array.from(cut).length).toBeLessThanOrEqual(201)
    expect(cut.endsWith('word…')).toBe(true)
  })

  it('counts characters, not UTF-16 units, and never splits them', () => {
    const arabic = 'سفر '.repeat(80)
    const cut = truncate(arabic, 200)
    expect(cut.endsWith('سفر…')).toBe(true)
    const emoji = '✈️'.repeat(150)
    expect(truncate(emoji, 200).endsWith('…')).toBe(true)
  })

  it('drops trailing commas and full stops before the ellipsis', () => {
    expect(truncate(`${'a'.repeat(150)} bbbbbbbb, ${'c'.repeat(60)}`, 161)).toBe(`${'a'.repeat(150)} bbbbbbbb…`)
  })
})

describe('toAsciiDigits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII, leaving the rest', () => {
    expect(toAsciiDigits('+٩٧١ ٥٠ ١٢٣ ٤٥٦٧')).toBe('+971 50 123 4567')
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(toAsciiDigits('(020) 7946-0958')).toBe('(020) 7946-0958')
  })
})
