//! Small text helpers shared by the islands.

/**
 * The first `max` characters of `text` (code points, so Arabic and emoji are never split),
 * cut back to a word boundary when one is in the second half, with an ellipsis. Text that
 * fits is returned unchanged. Mirrors the generator's `truncate` (ssg/src/text.rs).
 *
 * It walks no further than the cut: a blog card's text is the whole article, and turning all of
 * it into an array of characters for each of a listing page's cards was much of a full build's
 * server render.
 */
export function truncate(text: string, max: number): string {
  // Never more code points than UTF-16 units.
  if (text.length <= max) return text
  let count = 0
  let end = 0
  let lastSpace = -1
  let lastSpaceEnd = 0
  for (const c of text) {
    if (count === max) {
      const cut = lastSpace > max / 2 ? text.slice(0, lastSpaceEnd) : text.slice(0, end)
      return `${cut.replace(TRAILING, '')}…`
    }
    if (SPACE.test(c)) {
      lastSpace = count
      lastSpaceEnd = end
    }
    count += 1
    end += c.length
  }
  return text
}

const SPACE = /^\s$/u
const TRAILING = /[\s,.]+$/u

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII digits, for number fields typed on Arabic keyboards. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
}
