import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckIcon } from '../../components/icons'
import type { Receipt } from './airport-payload'

interface Props {
  receipt: Receipt
  onAnother: () => void
}

/**
 * In place of the form once the request is in: the reference to quote, the desk's thanks in the
 * page's language, and a way back to an empty form. Focus moves to its heading, so a screen
 * reader reads it and the keyboard starts from it.
 */
export function AirportConfirmation({ receipt, onAnother }: Props) {
  const { t } = useTranslation()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    heading.current?.focus()
  }, [])

  return (
    <section className="airport-confirmation" role="status" aria-labelledby={headingId}>
      <span className="confirmation-icon" aria-hidden="true">
        <CheckIcon />
      </span>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="confirmation-title">
        {t('airport.confirmation.heading')}
      </h3>
      {receipt.reference && (
        <p className="confirmation-reference">
          <span className="confirmation-reference-label">{t('airport.confirmation.reference')}</span>
          <strong className="confirmation-reference-value" dir="ltr">
            {receipt.reference}
          </strong>
        </p>
      )}
      <p className="confirmation-message">{receipt.message ?? t('airport.requestReceived')}</p>
      {receipt.reference && <p className="confirmation-note">{t('airport.confirmation.keep')}</p>}
      <button type="button" className="button button-navy" onClick={onAnother}>
        {t('airport.confirmation.another')}
      </button>
    </section>
  )
}
