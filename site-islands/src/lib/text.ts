//! Small text helpers shared by the islands.

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits as ASCII digits, for number fields typed on Arabic keyboards. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10))
}
