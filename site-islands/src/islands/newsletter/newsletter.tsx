import { useEffect } from 'react'
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { prepareToasts, showToast } from '../../components/toast'
import { postJson } from '../../lib/api'
import { parseEmail, trimText } from '../../validation/rules'

interface Values {
  email: string
}

const checkEmail: Resolver<Values> = (values): ResolverResult<Values> => {
  const text = trimText(values.email)
  const message = text === '' ? 'newsletter.emailRequired' : parseEmail(text) ? null : 'newsletter.emailInvalid'
  if (message) return { values: {}, errors: { email: { type: 'rule', message } } }
  return { values: { email: text }, errors: {} }
}

/** The footer's newsletter sign-up: `POST /subscription {"email"}`. */
export default function Newsletter() {
  const { t } = useTranslation()
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '' }, resolver: checkEmail, reValidateMode: 'onSubmit' })

  useEffect(() => {
    prepareToasts()
  }, [])

  const subscribe = handleSubmit(async ({ email }) => {
    try {
      await postJson('/subscription', { email })
      reset({ email: '' })
      showToast(t('newsletter.success'), 'success', t('contact.close'))
    } catch {
      showToast(t('newsletter.failure'), 'error', t('contact.close'))
    }
  })

  const error = errors.email?.message as 'newsletter.emailRequired' | 'newsletter.emailInvalid' | undefined
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
          maxLength={254}
          placeholder={t('newsletter.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          {...register('email', { onChange: () => errors.email && clearErrors('email') })}
        />
        <button type="submit" className="button button-gold" disabled={isSubmitting}>
          {t('newsletter.subscribe')}
        </button>
      </div>
      {error && (
        <p id="newsletter-error" className="field-error" role="alert">
          {t(error)}
        </p>
      )}
    </form>
  )
}
