import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '../../components/field'
import { AlertIcon, CheckIcon } from '../../components/icons'
import { Modal } from '../../components/modal'
import { prepareToasts, showToast } from '../../components/toast'
import { ApiError, postJson } from '../../lib/api'
import { isLang } from '../../lib/lang'
import { toAsciiDigits } from '../../lib/text'
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  contactPayload,
  emptyContact,
  firstContactFailure,
  type ContactField,
  type ContactValues,
} from '../../validation/contact'

type Outcome = 'sent' | 'failed' | null

/** The form's one validation toast: a new failure replaces the last one instead of stacking. */
const VALIDATION_TOAST = 'contact-form-validation'

/** Runs the six rules in order, in the page's language, and reports only the first failure. */
const firstFailure =
  (lang: string): Resolver<ContactValues> =>
  (values) => {
    const failure = firstContactFailure(values, isLang(lang) ? lang : 'en')
    if (!failure) return { values, errors: {} }
    return { values: {}, errors: { [failure.field]: { type: 'rule', message: failure.message } } }
  }

const LABELS = {
  first_name: 'contact.firstName',
  last_name: 'contact.lastName',
  phone: 'contact.phone',
  email: 'contact.email',
  subject: 'contact.subject',
  message: 'contact.message',
} as const satisfies Record<ContactField, string>

const AUTOCOMPLETE: Record<ContactField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
  email: 'email',
  subject: 'off',
  message: 'off',
}

/** The public contact form (`/contact-us`): rules of spec section 5, then `POST /contact-us`. */
export default function ContactForm() {
  const { t, i18n } = useTranslation()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const sendButton = useRef<HTMLButtonElement>(null)
  const trap = useRef<HTMLInputElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    defaultValues: emptyContact,
    resolver: firstFailure(i18n.language),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  })

  useEffect(() => {
    prepareToasts()
  }, [])

  /** A rule's message, or the server's (400 `errors`): both in the page's language already. */
  const message = (error: string | undefined) => error
  /** Kept clear of the Send button (on a phone, a toast spans the screen). */
  const toastFailure = (text: string) =>
    showToast(text, 'error', t('contact.close'), { key: VALIDATION_TOAST, anchor: sendButton.current })

  const send = handleSubmit(
    async (values) => {
      try {
        await postJson('/contact-us', {
          ...contactPayload(values),
          lang: i18n.language,
          // Spam signals: a field people never see (so never fill), and how long the page was open.
          company_website: trap.current?.value ?? '',
          elapsed_ms: Math.round(performance.now()),
        })
        reset(emptyContact)
        setOutcome('sent')
      } catch (error) {
        // Too many from this address: nothing is wrong with the enquiry, so it stays in the form.
        if (error instanceof ApiError && error.status === 429) {
          toastFailure(t('contact.tooMany'))
          return
        }
        const fieldErrors = error instanceof ApiError && error.status === 400 ? error.errors : {}
        const field = CONTACT_FIELDS.find((f) => fieldErrors[f])
        if (field) {
          setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: true })
          toastFailure(fieldErrors[field])
          return
        }
        reset(emptyContact)
        setOutcome('failed')
      }
    },
    (invalid) => {
      const field = CONTACT_FIELDS.find((f) => invalid[f])
      const text = field && message(invalid[field]?.message)
      if (text) toastFailure(text)
    },
  )

  return (
    <>
      <form className="island-form contact-form" noValidate onSubmit={send} aria-busy={isSubmitting}>
        <div className="form-grid">
          {CONTACT_FIELDS.map((field) => {
            const registration = register(field, {
              onChange: () => errors[field] && clearErrors(field),
              // Digits typed on an Arabic keyboard become the digits the phone rule counts.
              setValueAs: field === 'phone' ? (value: string) => toAsciiDigits(value) : undefined,
            })
            const wide = field === 'subject' || field === 'message'
            return (
              <Field key={field} label={t(LABELS[field])} error={message(errors[field]?.message)} className={wide ? 'field-wide' : undefined}>
                {(control) =>
                  field === 'message' ? (
                    <textarea {...control} {...registration} rows={6} maxLength={CONTACT_MAX_LENGTH[field]} />
                  ) : (
                    <input
                      {...control}
                      {...registration}
                      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                      dir={field === 'email' || field === 'phone' ? 'ltr' : undefined}
                      inputMode={field === 'phone' ? 'tel' : undefined}
                      autoComplete={AUTOCOMPLETE[field]}
                      maxLength={CONTACT_MAX_LENGTH[field]}
                    />
                  )
                }
              </Field>
            )
          })}
        </div>
        <div className="form-trap">
          <label>
            {t('contact.trap')}
            <input ref={trap} type="text" name="company_website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div className="form-actions">
          <button ref={sendButton} type="submit" className="button button-gold" disabled={isSubmitting}>
            {isSubmitting ? t('contact.sending') : t('contact.submit')}
          </button>
        </div>
      </form>
      {outcome && (
        <Modal
          tone={outcome === 'sent' ? 'success' : 'error'}
          icon={outcome === 'sent' ? <CheckIcon /> : <AlertIcon />}
          message={outcome === 'sent' ? t('contact.thankYou') : t('contact.retry')}
          closeLabel={t('contact.close')}
          onClose={() => setOutcome(null)}
        />
      )}
    </>
  )
}
