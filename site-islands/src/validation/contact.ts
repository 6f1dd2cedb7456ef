//! The public contact form's rules (specification section 5) and the newsletter's: the server's
//! own, from the one table of rules and messages (rules/forms.json), run in the page's language
//! by rules/validate.ts. The first failure stops.
import { checkForm, fieldRule, trimText, type FormName, type Lang } from '../../../rules/validate'

export const CONTACT_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>

/** The server's length bounds, enforced as `maxLength`. */
export const CONTACT_MAX_LENGTH = Object.fromEntries(
  CONTACT_FIELDS.map((field) => [field, fieldRule('contact', field).max ?? 5000]),
) as Record<ContactField, number>

export interface Failure<F extends string> {
  field: F
  message: string
}

/** The first failing rule of `form` over the `fields` the page sends, in `lang`; else `null`. */
export function firstFailure<F extends string>(
  form: FormName,
  fields: readonly F[],
  values: Partial<Record<F, string>>,
  lang: Lang,
): Failure<F> | null {
  const { headline } = checkForm(form, values, 'visitor', fields)
  return headline ? { field: headline.field as F, message: headline.toast[lang] } : null
}

/** The first failing contact rule, or `null` when the enquiry may be sent. */
export function firstContactFailure(values: Partial<ContactValues>, lang: Lang): Failure<ContactField> | null {
  return firstFailure('contact', CONTACT_FIELDS, values, lang)
}

/** The enquiry as the API takes it (`POST /contact-us`): trimmed text, names and phone as typed. */
export function contactPayload(values: ContactValues): ContactValues {
  return Object.fromEntries(CONTACT_FIELDS.map((f) => [f, trimText(values[f])])) as ContactValues
}

export const emptyContact: ContactValues = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  subject: '',
  message: '',
}
