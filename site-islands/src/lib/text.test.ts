import { describe, expect, it } from 'vitest'
import { toAsciiDigits } from './text'

describe('toAsciiDigits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII, leaving the rest', () => {
    expect(toAsciiDigits('+٩٧١ ٥٠ ١٢٣ ٤٥٦٧')).toBe('+971 50 123 4567')
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(toAsciiDigits('(020) 7946-0958')).toBe('(020) 7946-0958')
  })
})
