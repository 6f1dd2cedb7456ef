import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch, type Path, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ChoiceGroup, Field } from '../../components/field'
import { CheckIcon } from '../../components/icons'
import { prepareToasts, showToast } from '../../components/toast'
import { isLang } from '../../lib/i18n'
import { airportOptions, type Airports, type Option } from './airport-data'
import { AIRPORT_SERVICES, clearDraft, emptyDraft, isEmptyDraft, loadDraft, saveDraft, type AirportDraft } from './airport-draft'

const TITLES = ['mr', 'mrs', 'ms', 'dr'] as const
const LANGUAGES = ['english', 'arabic', 'french', 'hindi', 'urdu'] as const
const BAG_TYPES = ['standard', 'oversized', 'fragile', 'sports'] as const

/**
 * `/services/airport`: flight, service, passenger and service-specific details. Every change
 * is kept in browser storage and restored on return; Send Request answers "Coming soon",
 * forgets the draft and empties the form (spec section 4: no server call yet).
 */
export default function AirportRequest({ airports }: { airports: Airports }) {
  const { t, i18n } = useTranslation()
  const lang = isLang(i18n.language) ? i18n.language : 'en'
  const { register, handleSubmit, reset, setValue, control, subscribe } = useForm<AirportDraft>({ defaultValues: emptyDraft() })
  const draft = useWatch({ control }) as AirportDraft
  const [restored, setRestored] = useState(false)
  const sendButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    prepareToasts()
    const saved = loadDraft()
    if (saved) reset(saved)
    setRestored(true)
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft(values as AirportDraft),
    })
  }, [reset, subscribe])

  const options = airportOptions(airports ?? { countries: [] }, lang, draft)
  const clearBelow = (...fields: Path<AirportDraft>[]) => () => fields.forEach((f) => setValue(f, ''))

  const send = handleSubmit(() => {
    clearDraft()
    reset(emptyDraft())
    showToast(t('airport.comingSoon'), 'info', t('contact.close'), { key: 'airport-request', anchor: sendButton.current })
  })

  const select = (name: Path<AirportDraft>, label: string, choices: Option[], onChange?: () => void, optional?: boolean) => (
    <Field label={label} optional={optional ? t('airport.optional') : undefined}>
      {(a11y) => (
        <select {...a11y} {...register(name, { onChange })} disabled={choices.length === 0}>
          <option value="">{t('airport.select')}</option>
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )

  const input = (name: Path<AirportDraft>, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, optional = false) => (
    <Field label={label} optional={optional ? t('airport.optional') : undefined}>
      {(a11y) => <input {...a11y} type="text" {...props} {...register(name)} />}
    </Field>
  )

  return (
    <form className="island-form airport-form" noValidate onSubmit={send}>
      <fieldset className="form-section">
        {/* The page's own heading already says "Flight details" above the form. */}
        <legend className="visually-hidden">{t('airport.flightDetails')}</legend>
        <div className="form-grid">
          {select('country', t('airport.country'), options.countries, clearBelow('city', 'airport', 'terminal'))}
          {select('city', t('airport.city'), options.cities, clearBelow('airport', 'terminal'))}
          {select('airport', t('airport.airport'), options.airports, clearBelow('terminal'))}
          {select('terminal', t('airport.terminal'), options.terminals)}
          {input('flightNumber', t('airport.flightNumber'), { dir: 'ltr', autoCapitalize: 'characters', maxLength: 10 })}
          <ChoiceGroup legend={t('airport.departureArrival')} className="field">
            <Radio register={register} name="departureArrival" value="departure" label={t('airport.departure')} />
            <Radio register={register} name="departureArrival" value="arrival" label={t('airport.arrival')} />
          </ChoiceGroup>
          {input('date', t('airport.date'), { type: 'date', dir: 'ltr' })}
          {input('time', t('airport.time'), { type: 'time', dir: 'ltr' })}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section-title">{t('airport.service')}</legend>
        <div className="service-choices">
          {AIRPORT_SERVICES.map((service) => (
            <label key={service} className={`service-choice${draft.selectedService === service ? ' is-selected' : ''}`}>
              <input type="radio" value={service} {...register('selectedService')} />
              <span className="service-choice-mark" aria-hidden="true">
                <CheckIcon />
              </span>
              <span className="service-choice-name">{t(`airport.services.${service}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section-title">{t('airport.passengerDetails')}</legend>
        <div className="form-grid">
          {select('passengerDetails.title', t('airport.passengerTitle'), TITLES.map((v) => ({ value: v, label: t(`airport.titles.${v}`) })))}
          {input('passengerDetails.fullName', t('airport.fullName'), { autoComplete: 'name', maxLength: 100 })}
          {input('passengerDetails.mobile', t('airport.mobile'), { type: 'tel', dir: 'ltr', autoComplete: 'tel', inputMode: 'tel', maxLength: 30 })}
          {input('passengerDetails.email', t('airport.email'), { type: 'email', dir: 'ltr', autoComplete: 'email', maxLength: 254 })}
        </div>
      </fieldset>

      {draft.selectedService === 'meetGreet' && (
        <fieldset className="form-section form-section-detail">
          <legend className="form-section-title">{t('airport.meetGreet.heading')}</legend>
          <div className="form-grid">
            {input('meetGreet.meetingPoint', t('airport.meetGreet.meetingPoint'), { maxLength: 200 })}
            {input('meetGreet.signageName', t('airport.meetGreet.signageName'), { maxLength: 100 })}
            {input('meetGreet.numPassengers', t('airport.meetGreet.numPassengers'), { type: 'number', min: 1, max: 50, inputMode: 'numeric', dir: 'ltr' })}
            {select('meetGreet.language', t('airport.meetGreet.language'), LANGUAGES.map((v) => ({ value: v, label: t(`airport.meetGreet.languages.${v}`) })))}
            {input('meetGreet.assistence', t('airport.meetGreet.assistance'), { maxLength: 500 }, true)}
          </div>
        </fieldset>
      )}

      {draft.selectedService === 'porter' && (
        <fieldset className="form-section form-section-detail">
          <legend className="form-section-title">{t('airport.porter.heading')}</legend>
          <div className="form-grid">
            {input('porterService.bags', t('airport.porter.bags'), { type: 'number', min: 1, max: 50, inputMode: 'numeric', dir: 'ltr' })}
            {select('porterService.bagType', t('airport.porter.bagType'), BAG_TYPES.map((v) => ({ value: v, label: t(`airport.porter.bagTypes.${v}`) })))}
            {input('porterService.pickup', t('airport.porter.pickup'), { maxLength: 200 })}
            {input('porterService.drop', t('airport.porter.drop'), { maxLength: 200 })}
            <ChoiceGroup legend={t('airport.porter.trolleyAssist')} className="field">
              <Radio register={register} name="porterService.trolleyAssist" value="yes" label={t('airport.yes')} />
              <Radio register={register} name="porterService.trolleyAssist" value="no" label={t('airport.no')} />
            </ChoiceGroup>
            {input('porterService.timeSlot', t('airport.porter.timeSlot'), { type: 'time', dir: 'ltr' })}
          </div>
        </fieldset>
      )}

      <div className="form-actions">
        <button ref={sendButton} type="submit" className="button button-gold">
          {t('airport.sendRequest')}
        </button>
        {restored && !isEmptyDraft(draft) && (
          <p className="draft-note" role="status">
            {t('airport.draftSaved')}
          </p>
        )}
      </div>
    </form>
  )
}

interface RadioProps {
  register: UseFormRegister<AirportDraft>
  name: Path<AirportDraft>
  value: string
  label: string
}

function Radio({ register, name, value, label }: RadioProps) {
  return (
    <label className="radio">
      <input type="radio" value={value} {...register(name)} />
      <span>{label}</span>
    </label>
  )
}
