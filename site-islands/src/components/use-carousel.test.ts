import { describe, expect, it } from 'vitest'
import { SERVICE_CARDS, lastStart, perViewFor } from './use-carousel'

describe('service carousel widths (spec section 9)', () => {
  it.each([
    [320, 1],
    [375, 1],
    [768, 1],
    [769, 2],
    [1024, 2],
    [1025, 6],
    [1440, 6],
  ])('shows %i px → %i cards', (width, cards) => {
    expect(perViewFor(width, SERVICE_CARDS)).toBe(cards)
  })

  it('stops where the last card is in view', () => {
    expect(lastStart(5, 1)).toBe(4)
    expect(lastStart(5, 2)).toBe(3)
    expect(lastStart(5, 6)).toBe(0)
  })
})
