//! Small text helpers shared by the islands.

/**
 * The first `max` characters of `text` (code points, so Arabic and emoji are never split),
 * cut back to a word boundary when one is in the second half, with an ellipsis. Text that
 * fits is returned unchanged. Mirrors the generator's `truncate` (ssg/src/text.rs).
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  if (chars.length <= max) return text
  let cut = chars.slice(0, max)
  const lastSpace = findLastIndex(cut, (c) => /\s/u.test(c))
  if (lastSpace > max / 2) cut = cut.slice(0, lastSpace)
  return `${cut.join('').replace(/[\s,.]+$/u, '')}…`
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i])) return i
  return -1
}

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII digits, for number fields typed on Arabic keyboards. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
}
