import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CheckIcon } from '../../components/icons'
import { AIRPORT_SERVICES } from './airport-draft'

interface Props {
  /** `register('services')`: the checked boxes make the list. */
  registration: UseFormRegisterReturn<'services'>
  chosen: readonly string[]
  /** Already translated error message. */
  error?: string
}

/** The services as cards over real checkboxes: one or more, under one legend. */
export function ServiceChoices({ registration, chosen, error }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <fieldset
      className={['form-section', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="form-section-title">{t('airport.servicesLegend')}</legend>
      <p id={hintId} className="form-section-hint">
        {t('airport.servicesHint')}
      </p>
      <div className="service-choices">
        {AIRPORT_SERVICES.map((service) => (
          <label key={service} className={`service-choice${chosen.includes(service) ? ' is-selected' : ''}`}>
            <input type="checkbox" value={service} aria-invalid={error ? true : undefined} {...registration} />
            <span className="service-choice-mark" aria-hidden="true">
              <CheckIcon />
            </span>
            <span className="service-choice-name">{t(`airport.services.${service}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
