import { useEffect, useRef } from 'react'
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { prepareToasts, showToast } from '../../components/toast'
import { ApiError, postJson } from '../../lib/api'
import { isLang } from '../../lib/lang'
import { firstFailure } from '../../validation/contact'
import { fieldRule, trimText } from '../../../../rules/validate'

interface Values {
  email: string
}

/** The server's subscription rule (rules/forms.json), in the page's language. */
const checkEmail =
  (lang: string): Resolver<Values> =>
  (values): ResolverResult<Values> => {
    const failure = firstFailure('subscription', ['email'], values, isLang(lang) ? lang : 'en')
    if (failure) return { values: {}, errors: { email: { type: 'rule', message: failure.message } } }
    return { values: { email: trimText(values.email) }, errors: {} }
  }

/** The footer's newsletter sign-up: `POST /subscription {"email"}`. */
export default function Newsletter() {
  const { t, i18n } = useTranslation()
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '' }, resolver: checkEmail(i18n.language), reValidateMode: 'onSubmit' })

  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    prepareToasts()
  }, [])
  /** One outcome toast at a time, clear of the Subscribe button (the footer is low on the screen). */
  const toast = (text: string, tone: 'success' | 'error') =>
    showToast(text, tone, t('contact.close'), { key: 'newsletter', anchor: button.current })

  const subscribe = handleSubmit(async ({ email }) => {
    try {
      await postJson('/subscription', { email })
      reset({ email: '' })
      toast(t('newsletter.success'), 'success')
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429
      toast(t(tooMany ? 'newsletter.tooMany' : 'newsletter.failure'), 'error')
    }
  })

  const error = errors.email?.message
  return (
    <form className="newsletter-form" noValidate onSubmit={subscribe} aria-busy={isSubmitting}>
      <label className="visually-hidden" htmlFor="newsletter-email">
        {t('newsletter.placeholder')}
      </label>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          type="email"
          dir="ltr"
          autoComplete="email"
          maxLength={fieldRule('subscription', 'email').max}
          placeholder={t('newsletter.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          {...register('email', { onChange: () => errors.email && clearErrors('email') })}
        />
        <button ref={button} type="submit" className="button button-gold" disabled={isSubmitting}>
          {t('newsletter.subscribe')}
        </button>
      </div>
      {error && (
        <p id="newsletter-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
