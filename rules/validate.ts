//! The browser's half of the one table of rules and messages (`forms.json`): the same checks as
//! the server's `check` (api/core/src/domain/rules/mod.rs), in the same order, with the same messages, so
//! that a visitor or an administrator sees before sending what the server would answer.
//! `vectors.json` holds the cases both must agree on; the admin's and the islands' vitest suites
//! and the API's tests all run it.
import table from './forms.json'

export type Lang = 'en' | 'ar'
export type Text = { en: string; ar: string }
export type Audience = 'visitor' | 'admin'

export type FieldKind =
  | 'text'
  | 'secret'
  | 'newPassword'
  | 'displayOrder'
  | 'id'
  | 'url'
  | 'personName'
  | 'phone'
  | 'email'
  | 'colour'
  | 'cssClass'
  | 'choice'
  | 'flag'
  | 'flightNumber'
  | 'date'
  | 'time'
  | 'wholeNumber'
  | 'choices'

export interface FieldRule {
  name: string
  kind: FieldKind
  label: Text
  max?: number
  min?: number
  maxBytes?: number
  required?: Text
  requiredAdmin?: Text
  invalid?: Text
  toast?: Text
  options?: string[]
  /** The admin's file input that stands in for this address (a new upload). */
  file?: string
  /** The choice among the form's `services` that makes this field apply; otherwise it is skipped. */
  when?: string
}

export interface FormRules {
  fields: FieldRule[]
}

export type FormName = keyof typeof table.forms

export const forms = table.forms as unknown as Record<FormName, FormRules>
export const messages = table.messages as Record<keyof typeof table.messages, Text>
const checks = table.checks as Record<keyof typeof table.checks, Text>
const displayOrder = table.limits.displayOrder
const refusedRanges = table.limits.refusedChars as [number, number][]

/** A field's failure: its inline message and the toast's wording. */
export interface Failure {
  field: string
  message: Text
  toast: Text
}

/** Fills `{key}` in both languages. */
export function fill(text: Text, args: Record<string, string | number | Text>): Text {
  const one = (lang: Lang) =>
    Object.entries(args).reduce(
      (s, [key, value]) =>
        s.split(`{${key}}`).join(typeof value === 'object' ? value[lang] : String(value)),
      text[lang],
    )
  return { en: one('en'), ar: one('ar') }
}

/** Rust's `str::trim`: Unicode White_Space at both ends. */
export function trimText(raw: string): string {
  return raw.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '')
}

/** Characters, as the server counts them (code points, not UTF-16 units). */
const charCount = (text: string) => Array.from(text).length
const utf8Length = (text: string) => new TextEncoder().encode(text).length

export function isRefusedChar(c: string): boolean {
  const n = c.codePointAt(0) ?? 0
  return refusedRanges.some(([first, last]) => n >= first && n <= last)
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
    charCount(tld) >= 2 &&
    TLD_CHARS.test(tld)
  return localOk && domainOk ? email : null
}

/** `#rgb`, `#rrggbb` (with optional alpha) or a CSS colour name. */
export function isColour(code: string): boolean {
  if (code.startsWith('#')) return /^#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(code)
  return code.length <= 32 && /^[A-Za-z]+$/.test(code)
}

/**
 * `http://`, `https://` or a path on this site (not `//host`), with no spaces or controls. A web
 * address names its host in ASCII (an international name in its `xn--` form), perhaps with a
 * port; no user name and no bracketed IP address (as the server's `is_safe_url`).
 */
export function isSafeUrl(url: string): boolean {
  const lower = url.toLowerCase()
  const web = lower.startsWith('https://') ? lower.slice(8) : lower.startsWith('http://') ? lower.slice(7) : null
  const shape =
    web !== null
      ? isHostAndPort(web.split(/[/?#]/)[0] ?? '')
      : url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
  return shape && !/[\p{White_Space}\p{Cc}]/u.test(url)
}

/** `host` or `host:port`: the host of ASCII letters, digits, `-` and `.`, the port of 1 to 5 digits. */
function isHostAndPort(authority: string): boolean {
  const colon = authority.lastIndexOf(':')
  const host = colon === -1 ? authority : authority.slice(0, colon)
  const port = colon === -1 ? null : authority.slice(colon + 1)
  return /^[A-Za-z0-9.-]+$/.test(host) && (port === null || /^[0-9]{1,5}$/.test(port))
}

/** A whole number as Rust's `str::parse::<i64>` reads it, or null. */
function wholeNumber(text: string): bigint | null {
  return /^[+-]?[0-9]+$/.test(text) ? BigInt(text) : null
}

/** `text` is a whole number from `min` to `max`. */
function isWholeNumberIn(text: string, min: number, max: number): boolean {
  const n = wholeNumber(text)
  return n !== null && n >= BigInt(min) && n <= BigInt(max)
}

/**
 * A flight number as airlines print it, upper case without spaces (`sv 123` is `SV123`): a
 * two-character airline code with a letter in it (or a three-letter one), then 1 to 4 digits and
 * perhaps a letter. Only ASCII letters are upper-cased, as the server's `to_ascii_uppercase`.
 */
export function parseFlightNumber(raw: string): string | null {
  const code = raw.replace(/\p{White_Space}/gu, '').replace(/[a-z]/g, (c) => c.toUpperCase())
  return /^(?:[A-Z][A-Z0-9]|[0-9][A-Z]|[A-Z]{3})[0-9]{1,4}[A-Z]?$/.test(code) ? code : null
}

/** `YYYY-MM-DD`, a day the calendar has (`2099-02-30` is not). */
export function isCalendarDate(text: string): boolean {
  const parts = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text)
  if (!parts) return false
  const [year, month, day] = parts.slice(1).map(Number)
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

/**
 * The first day that is not yet past anywhere on earth: the calendar day at UTC−12, that is the
 * UTC date of `now` less 12 hours, as `YYYY-MM-DD`.
 */
export function earliestDate(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** `HH:MM` on the 24-hour clock. */
export function isTime(text: string): boolean {
  return /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/.test(text)
}

/** The items of a list field (an array, or a comma-joined string), each trimmed, none empty. */
export function listOf(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw.map(String) : raw == null ? [] : String(raw).split(',')
  return items.map(trimText).filter((item) => item !== '')
}

/** Something the admin holds for a file input (a `File`), as opposed to nothing. */
const isFile = (value: unknown) => typeof value === 'object' && value !== null

/**
 * Runs one field's rule over `raw`, exactly as the server does; `null` when it passes. `values`
 * is the whole form, for a url that a chosen file stands in for; `now` is the clock a date is
 * checked against. A list (`choices`) is checked as its items joined by commas.
 */
export function checkField(
  rule: FieldRule,
  raw: unknown,
  audience: Audience,
  values: Record<string, unknown> = {},
  now: Date = new Date(),
): Omit<Failure, 'field'> | null {
  const fail = (message: Text) => ({ message, toast: message })
  const sent = raw == null ? '' : String(raw)
  const text = rule.kind === 'secret' || rule.kind === 'newPassword' ? sent : trimText(sent)
  if (text === '') {
    if (rule.file && isFile(values[rule.file])) return null
    const required = audience === 'admin' ? (rule.requiredAdmin ?? rule.required) : rule.required
    return required ? { message: required, toast: rule.toast ?? required } : null
  }
  const label = rule.label
  switch (rule.kind) {
    case 'secret':
      return utf8Length(text) > (rule.maxBytes ?? Infinity)
        ? fail(fill(checks.tooLongBytes, { label, max: rule.maxBytes ?? 0 }))
        : null
    case 'displayOrder':
      return isWholeNumberIn(text, displayOrder.min, displayOrder.max)
        ? null
        : fail(fill(checks.wholeNumber, { label, min: displayOrder.min, max: displayOrder.max }))
    case 'wholeNumber': {
      // The table gives every whole number both bounds (the server's unit test requires them).
      const min = rule.min ?? 0
      const max = rule.max ?? 0
      return isWholeNumberIn(text, min, max) ? null : fail(fill(checks.wholeNumber, { label, min, max }))
    }
    case 'id': {
      const n = wholeNumber(text)
      return n !== null && n > 0n && n <= 2147483647n ? null : fail((rule.required ?? rule.invalid)!)
    }
  }
  // A name, a phone, an address, a choice, a flight number, a date or a time has a shape that
  // leaves these out already, and its own message says what the shape is.
  const shaped = ['personName', 'phone', 'email', 'choice', 'flag', 'flightNumber', 'date', 'time', 'choices'].includes(
    rule.kind,
  )
  if (!shaped && Array.from(text).some(isRefusedChar)) return fail(fill(checks.refusedChars, { label }))
  const chars = charCount(text)
  if (rule.max !== undefined && chars > rule.max) {
    return fail(
      rule.kind === 'newPassword'
        ? fill(messages.passwordTooLong, { max: rule.max })
        : fill(checks.tooLong, { label, max: rule.max }),
    )
  }
  const invalid = () => fail(rule.invalid!)
  switch (rule.kind) {
    case 'personName':
      return parsePersonName(text) === null ? invalid() : null
    case 'phone':
      return parsePhone(text) === null ? invalid() : null
    case 'email':
      return parseEmail(text) === null ? invalid() : null
    case 'colour':
      return isColour(text) ? null : invalid()
    case 'cssClass':
      return /^[A-Za-z0-9_ -]*$/.test(text) ? null : invalid()
    case 'choice':
      return rule.options?.includes(text)
        ? null
        : rule.invalid
          ? invalid()
          : fail(fill(checks.choice, { label, options: (rule.options ?? []).join(', ') }))
    case 'flag':
      return ['true', 'false', '1', '0'].includes(text) ? null : invalid()
    case 'flightNumber':
      return parseFlightNumber(text) === null ? invalid() : null
    case 'date':
      if (!isCalendarDate(text)) return fail(checks.noSuchDate)
      return text >= earliestDate(now) ? null : invalid()
    case 'time':
      return isTime(text) ? null : invalid()
    case 'choices':
      return text.split(',').every((item) => rule.options?.includes(item)) ? null : invalid()
    case 'url':
      return isSafeUrl(text) ? null : fail(fill(checks.url, { label }))
    case 'newPassword':
      if (chars < (rule.min ?? 0)) return fail(fill(messages.passwordTooShort, { min: rule.min ?? 0 }))
      return trimText(text) === '' ? fail(messages.passwordBlank) : null
    default:
      return null
  }
}

export interface FormResult {
  /** The first failure of each field, in the table's order. */
  failures: Failure[]
  /** The first failure overall: what the toast says. */
  headline: Failure | null
}

/** The field whose choices switch on the fields that name one of them in `when`. */
const WHEN_FIELD = 'services'

/**
 * Runs a form's rules over `values`. Fields the values do not carry are checked as empty only
 * when `only` does not leave them out (the public forms send a subset of the table's fields).
 * A field with `when` is checked only when that choice is among `values.services` (an array,
 * or a comma-joined string); otherwise it is skipped. `now` is the clock dates are checked against.
 */
export function checkForm(
  form: FormName,
  values: Record<string, unknown>,
  audience: Audience,
  only?: readonly string[],
  now: Date = new Date(),
): FormResult {
  const failures: Failure[] = []
  const chosen = listOf(values[WHEN_FIELD])
  for (const rule of forms[form].fields) {
    if (only && !only.includes(rule.name)) continue
    if (rule.when !== undefined && !chosen.includes(rule.when)) continue
    const failure = checkField(rule, values[rule.name], audience, values, now)
    if (failure) failures.push({ field: rule.name, ...failure })
  }
  return { failures, headline: failures[0] ?? null }
}

/** A field's rule, for its input's `maxLength`, `required` and label. */
export function fieldRule(form: FormName, field: string): FieldRule {
  const rule = forms[form].fields.find((f) => f.name === field)
  if (!rule) throw new Error(`${form}.${field} is not in rules/forms.json`)
  return rule
}
