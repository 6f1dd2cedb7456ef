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

  it('cuts exactly where the whole text as an array of characters would be cut, for any text', () => {
    // The definition, over the whole text: what `truncate` did before it stopped at the cut.
    const reference = (text: string, max: number): string => {
      const chars = Array.from(text)
      if (chars.length <= max) return text
      let cut = chars.slice(0, max)
      let lastSpace = -1
      for (let i = cut.length - 1; i >= 0; i -= 1) {
        if (/\s/u.test(cut[i])) {
          lastSpace = i
          break
        }
      }
      if (lastSpace > max / 2) cut = cut.slice(0, lastSpace)
      return `${cut.join('').replace(/[\s,.]+$/u, '')}…`
    }
    const pieces = ['a', 'word', ' ', '  ', '\u00a0', '\t', '\n', ',', '.', 'سفر', '✈️', '😀', '\u3000', 'é', 'x'.repeat(30)]
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n
    }
    for (let run = 0; run < 2000; run += 1) {
      let text = ''
      const parts = next(90)
      for (let k = 0; k < parts; k += 1) text += pieces[next(pieces.length)]
      const max = 1 + next(120)
      expect(truncate(text, max), JSON.stringify({ text, max })).toBe(reference(text, max))
    }
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
