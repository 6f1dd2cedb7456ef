//! The public contact form's six rules (specification section 5), in order: the first failure
//! stops. The same rules run on the server (api/src/domain/contact.rs) with the same messages;
//! here they name the string-table keys of those messages.
import { parseEmail, parsePersonName, parsePhone, trimText } from './rules'

export const CONTACT_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>

/** The server's length bounds (api/src/domain/form.rs `max`), enforced as `maxLength`. */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  first_name: 100,
  last_name: 100,
  phone: 100,
  email: 254,
  subject: 200,
  message: 5000,
}

export type ValidationKey =
  | 'validation.firstNameRequired'
  | 'validation.firstNameLetters'
  | 'validation.lastNameRequired'
  | 'validation.lastNameLetters'
  | 'validation.phoneRequired'
  | 'validation.phoneDigits'
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.subjectRequired'
  | 'validation.messageRequired'

const VALIDATION_KEYS = new Set<string>([
  'validation.firstNameRequired',
  'validation.firstNameLetters',
  'validation.lastNameRequired',
  'validation.lastNameLetters',
  'validation.phoneRequired',
  'validation.phoneDigits',
  'validation.emailRequired',
  'validation.emailInvalid',
  'validation.subjectRequired',
  'validation.messageRequired',
] satisfies ValidationKey[])

/** Whether a form error is one of the rules' keys (else it is a server's own message). */
export function isValidationKey(text: string): text is ValidationKey {
  return VALIDATION_KEYS.has(text)
}

export interface ContactFailure {
  field: ContactField
  message: ValidationKey
}

interface Rule {
  field: ContactField
  required: ValidationKey
  shape?: { valid: (text: string) => boolean; message: ValidationKey }
}

const RULES: Rule[] = [
  {
    field: 'first_name',
    required: 'validation.firstNameRequired',
    shape: { valid: (t) => parsePersonName(t) !== null, message: 'validation.firstNameLetters' },
  },
  {
    field: 'last_name',
    required: 'validation.lastNameRequired',
    shape: { valid: (t) => parsePersonName(t) !== null, message: 'validation.lastNameLetters' },
  },
  {
    field: 'phone',
    required: 'validation.phoneRequired',
    shape: { valid: (t) => parsePhone(t) !== null, message: 'validation.phoneDigits' },
  },
  {
    field: 'email',
    required: 'validation.emailRequired',
    shape: { valid: (t) => parseEmail(t) !== null, message: 'validation.emailInvalid' },
  },
  { field: 'subject', required: 'validation.subjectRequired' },
  { field: 'message', required: 'validation.messageRequired' },
]

/** The first failing rule, or `null` when the enquiry may be sent. */
export function firstContactFailure(values: Partial<ContactValues>): ContactFailure | null {
  for (const rule of RULES) {
    const text = trimText(values[rule.field] ?? '')
    if (text === '') return { field: rule.field, message: rule.required }
    if (rule.shape && !rule.shape.valid(text)) return { field: rule.field, message: rule.shape.message }
  }
  return null
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
