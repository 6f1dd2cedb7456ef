import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch, type Path, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ChoiceGroup, Field } from '../../components/field'
import { LangText } from '../../components/lang-text'
import { prepareToasts, showToast } from '../../components/toast'
import { ApiError, postJson } from '../../lib/api'
import { isLang } from '../../lib/i18n'
import { toAsciiDigits } from '../../lib/text'
import { useHydrated } from '../../lib/use-hydrated'
import { earliestDate } from '../../../../rules/validate'
import { AirportConfirmation } from './airport-confirmation'
import { airportOptions, type Airports, type Choice, type Option } from './airport-data'
import { clearDraft, emptyDraft, fillingTime, isEmptyDraft, loadDraft, saveDraft, type AirportDraft } from './airport-draft'
import { AIRPORT_FIELDS, airportFailures, airportPayload, boundsOf, receiptOf, wantsDetails, type Receipt } from './airport-payload'
import { ServiceChoices } from './service-choices'

type FieldName = Path<AirportDraft>
/** Each failing field's message, already in the page's language, by the field's path. */
type Failures = Partial<Record<string, string>>

const TITLES = ['mr', 'mrs', 'ms', 'dr'] as const
const LANGUAGES = ['english', 'arabic', 'french', 'hindi', 'urdu'] as const
const BAG_TYPES = ['standard', 'oversized', 'fragile', 'sports'] as const

/** Fields typed as text whose digits, typed on an Arabic keyboard, become the ASCII ones the rules count. */
const DIGITS: ReadonlySet<string> = new Set(['flightNumber', 'passengerDetails.mobile'])
const asciiDigits = (value: unknown) => (typeof value === 'string' ? toAsciiDigits(value) : value)

/**
 * `/services/airport`: flight, services (one or more), passenger and service-specific details.
 * Every change is kept in browser storage and restored on return. Send Request checks the rules
 * of rules/forms.json in the page's language (each failing field says why, the first one takes
 * the focus and the toast), then sends `POST /airport-requests`. Once the request is in, a
 * confirmation with its reference replaces the form and the draft is forgotten; on any failure
 * (the server's rules, too many requests, no connection) everything typed stays.
 */
export default function AirportRequest({ airports }: { airports: Airports }) {
  const { t, i18n } = useTranslation()
  const lang = isLang(i18n.language) ? i18n.language : 'en'
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    subscribe,
    formState: { isSubmitting },
  } = useForm<AirportDraft>({ defaultValues: emptyDraft() })
  const draft = useWatch({ control }) as AirportDraft
  const [restored, setRestored] = useState(false)
  const [failures, setFailures] = useState<Failures>({})
  const [notSent, setNotSent] = useState<string | null>(null)
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const sendButton = useRef<HTMLButtonElement>(null)
  const trap = useRef<HTMLInputElement>(null)
  const anotherAsked = useRef(false)

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

  // Back from the confirmation: the empty form starts at its first field.
  useEffect(() => {
    if (receipt || !anotherAsked.current) return
    anotherAsked.current = false
    form.current?.querySelector<HTMLElement>('select, input')?.focus()
  }, [receipt])

  const options = airportOptions(airports ?? { countries: [] }, lang, draft)

  /** An edited field's message goes; the others stay until the next Send. */
  const forget = (name: string) =>
    setFailures((current) => {
      if (!(name in current)) return current
      const rest = { ...current }
      delete rest[name]
      return rest
    })

  const clearBelow = (...fields: FieldName[]) => () => fields.forEach((f) => setValue(f, ''))

  /** Shows every failure under its field, the headline as a toast, and focuses the first. */
  const showFailures = (found: Failures, headline: string) => {
    setFailures(found)
    showToast(headline, 'error', t('contact.close'), { key: 'airport-request', anchor: sendButton.current })
    const first = AIRPORT_FIELDS.find((field) => found[field])
    form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const send = handleSubmit(async (values) => {
    setNotSent(null)
    const found = airportFailures(values, lang)
    if (found.length > 0) {
      showFailures(Object.fromEntries(found.map((f) => [f.field, f.message])), found[0].toast)
      return
    }
    try {
      const answer = await postJson('/airport-requests', {
        ...airportPayload(values, lang),
        // Spam signals, as the contact form sends them: a field people never see (so never
        // fill), and how long the visitor has spent on it (a restored draft counts its time).
        company_website: trap.current?.value ?? '',
        elapsed_ms: fillingTime(performance.now()),
      })
      clearDraft()
      reset(emptyDraft())
      setFailures({})
      setReceipt(receiptOf(answer))
    } catch (error) {
      const serverFailures = error instanceof ApiError && error.status === 400 ? known(error.errors) : {}
      if (Object.keys(serverFailures).length > 0) {
        showFailures(serverFailures, (error as ApiError).message)
        return
      }
      // Nothing reached us: say so beside the button, and keep every value and the draft.
      setNotSent(error instanceof ApiError && error.status === 429 ? t('airport.tooMany') : t('airport.notSent'))
    }
  })

  if (receipt) {
    return (
      <AirportConfirmation
        receipt={receipt}
        onAnother={() => {
          anotherAsked.current = true
          setReceipt(null)
        }}
      />
    )
  }

  const select = (name: FieldName, label: string, choices: Choice[], onChange?: () => void) => (
    <Field label={label} error={failures[name]}>
      {(a11y) => (
        <select
          {...a11y}
          {...register(name, {
            onChange: () => {
              forget(name)
              onChange?.()
            },
          })}
          disabled={choices.length === 0}
        >
          <option value="">{t('airport.select')}</option>
          {choices.map((o) => (
            <LangText as="option" key={o.value} value={o.value} text={o.label} />
          ))}
        </select>
      )}
    </Field>
  )

  const input = (name: FieldName, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, optional = false) => (
    <Field label={label} optional={optional ? t('airport.optional') : undefined} error={failures[name]}>
      {(a11y) => (
        <input
          {...a11y}
          type="text"
          {...boundsOf(name)}
          {...props}
          {...register(name, { onChange: () => forget(name), setValueAs: DIGITS.has(name) ? asciiDigits : undefined })}
        />
      )}
    </Field>
  )

  const radios = (name: FieldName, legend: string, choices: Option[]) => (
    <ChoiceGroup legend={legend} className="field" error={failures[name]}>
      {choices.map((o) => (
        <Radio key={o.value} register={register} name={name} value={o.value} label={o.label} invalid={!!failures[name]} onChange={() => forget(name)} />
      ))}
    </ChoiceGroup>
  )

  return (
    <form ref={form} className="island-form airport-form" noValidate onSubmit={send} aria-busy={isSubmitting}>
      <fieldset className="form-section">
        <legend className="form-section-title">{t('airport.flightDetails')}</legend>
        <div className="form-grid">
          {select('country', t('airport.country'), options.countries, clearBelow('city', 'airport', 'terminal'))}
          {select('city', t('airport.city'), options.cities, clearBelow('airport', 'terminal'))}
          {select('airport', t('airport.airport'), options.airports, clearBelow('terminal'))}
          {select('terminal', t('airport.terminal'), options.terminals)}
          {input('flightNumber', t('airport.flightNumber'), { dir: 'ltr', autoCapitalize: 'characters' })}
          {radios('departureArrival', t('airport.departureArrival'), [
            { value: 'departure', label: t('airport.departure') },
            { value: 'arrival', label: t('airport.arrival') },
          ])}
          {/* The earliest day is today somewhere on earth (UTC−12), as the server checks; it is
              the browser's to set, not the build's. */}
          {input('date', t('airport.date'), { type: 'date', dir: 'ltr', min: hydrated ? earliestDate() : undefined })}
          {input('time', t('airport.time'), { type: 'time', dir: 'ltr' })}
        </div>
      </fieldset>

      <ServiceChoices
        registration={register('services', { onChange: () => forget('services') })}
        chosen={draft.services ?? []}
        error={failures.services}
      />

      <fieldset className="form-section">
        <legend className="form-section-title">{t('airport.passengerDetails')}</legend>
        <div className="form-grid">
          {select('passengerDetails.title', t('airport.passengerTitle'), TITLES.map((v) => ({ value: v, label: t(`airport.titles.${v}`) })))}
          {input('passengerDetails.fullName', t('airport.fullName'), { autoComplete: 'name' })}
          {input('passengerDetails.mobile', t('airport.mobile'), { type: 'tel', dir: 'ltr', autoComplete: 'tel', inputMode: 'tel' })}
          {input('passengerDetails.email', t('airport.email'), { type: 'email', dir: 'ltr', autoComplete: 'email' })}
        </div>
      </fieldset>

      {wantsDetails(draft, 'meetGreet') && (
        <fieldset className="form-section form-section-detail">
          <legend className="form-section-title">{t('airport.meetGreet.heading')}</legend>
          <div className="form-grid">
            {input('meetGreet.meetingPoint', t('airport.meetGreet.meetingPoint'))}
            {input('meetGreet.signageName', t('airport.meetGreet.signageName'))}
            {input('meetGreet.numPassengers', t('airport.meetGreet.numPassengers'), { type: 'number', inputMode: 'numeric', dir: 'ltr' })}
            {select('meetGreet.language', t('airport.meetGreet.language'), LANGUAGES.map((v) => ({ value: v, label: t(`airport.meetGreet.languages.${v}`) })))}
            {input('meetGreet.assistence', t('airport.meetGreet.assistance'), {}, true)}
          </div>
        </fieldset>
      )}

      {wantsDetails(draft, 'porterService') && (
        <fieldset className="form-section form-section-detail">
          <legend className="form-section-title">{t('airport.porter.heading')}</legend>
          <div className="form-grid">
            {input('porterService.bags', t('airport.porter.bags'), { type: 'number', inputMode: 'numeric', dir: 'ltr' })}
            {select('porterService.bagType', t('airport.porter.bagType'), BAG_TYPES.map((v) => ({ value: v, label: t(`airport.porter.bagTypes.${v}`) })))}
            {input('porterService.pickup', t('airport.porter.pickup'))}
            {input('porterService.drop', t('airport.porter.drop'))}
            {radios('porterService.trolleyAssist', t('airport.porter.trolleyAssist'), [
              { value: 'yes', label: t('airport.yes') },
              { value: 'no', label: t('airport.no') },
            ])}
            {input('porterService.timeSlot', t('airport.porter.timeSlot'), { type: 'time', dir: 'ltr' })}
          </div>
        </fieldset>
      )}

      <div className="form-trap">
        <label>
          {t('contact.trap')}
          <input ref={trap} type="text" name="company_website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="form-actions">
        <button ref={sendButton} type="submit" className="button button-gold" disabled={isSubmitting}>
          {isSubmitting ? t('airport.sending') : t('airport.sendRequest')}
        </button>
        {restored && !isEmptyDraft(draft) && !notSent && (
          <p className="draft-note" role="status">
            {t('airport.draftSaved')}
          </p>
        )}
        {notSent && (
          <p className="form-alert" role="alert">
            {notSent}
          </p>
        )}
      </div>
    </form>
  )
}

/** The server's messages for the fields of this form (others have no place to show). */
function known(errors: Record<string, string>): Failures {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => AIRPORT_FIELDS.includes(field)))
}

interface RadioProps {
  register: UseFormRegister<AirportDraft>
  name: FieldName
  value: string
  label: string
  invalid: boolean
  onChange: () => void
}

function Radio({ register, name, value, label, invalid, onChange }: RadioProps) {
  return (
    <label className="radio">
      <input type="radio" value={value} aria-invalid={invalid || undefined} {...register(name, { onChange })} />
      <span>{label}</span>
    </label>
  )
}
