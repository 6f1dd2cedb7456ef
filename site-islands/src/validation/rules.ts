//! The shapes of names, phones and e-mail addresses, mirroring the server's parsers
//! (api/src/domain/contact.rs) character for character: architecture decisions 1 and 2.

/** Rust's `str::trim`: Unicode White_Space at both ends. */
export function trimText(raw: string): string {
  return raw.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')
}

const NAME_CHARS = /^[\p{Alphabetic} \-'\u2019\u200C]+$/u
const HAS_LETTER = /\p{Alphabetic}/u

/** A first or last name: letters of any script, spaces, hyphens and apostrophes. */
export function parsePersonName(raw: string): string | null {
  const name = trimText(raw)
  if (!HAS_LETTER.test(name) || !NAME_CHARS.test(name)) return null
  return name.split(/\p{White_Space}+/u).join(' ')
}

/** Spaces, dashes, brackets, dots and one leading `+` removed, then 10 to 15 digits. */
export function parsePhone(raw: string): string | null {
  const trimmed = trimText(raw)
  const body = trimmed.startsWith('+') ? trimmed.slice(1) : trimmed
  const digits = body.replace(/[ \-().]/g, '')
  return /^[0-9]{10,15}$/.test(digits) ? digits : null
}

const LOCAL_CHARS = /^[\p{Alphabetic}\p{N}!#$%&'*+/=?^_`{|}~.-]+$/u
const LABEL_CHARS = /^[\p{Alphabetic}\p{N}-]+$/u
const TLD_CHARS = /^\p{Alphabetic}+$/u

const utf8Length = (text: string) => new TextEncoder().encode(text).length

/** An e-mail address of ordinary shape, `local@domain.tld`; returns it trimmed. */
export function parseEmail(raw: string): string | null {
  const email = trimText(raw)
  if (utf8Length(email) > 254) return null
  const at = email.lastIndexOf('@')
  if (at < 0) return null
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const localOk =
    local.length > 0 &&
    utf8Length(local) <= 64 &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    LOCAL_CHARS.test(local)
  const labels = domain.split('.')
  const tld = labels[labels.length - 1]
  const domainOk =
    labels.length >= 2 &&
    labels.every(
      (label) =>
        label.length > 0 &&
        utf8Length(label) <= 63 &&
        !label.startsWith('-') &&
        !label.endsWith('-') &&
        LABEL_CHARS.test(label),
    ) &&
    Array.from(tld).length >= 2 &&
    TLD_CHARS.test(tld)
  return localOk && domainOk ? email : null
}
