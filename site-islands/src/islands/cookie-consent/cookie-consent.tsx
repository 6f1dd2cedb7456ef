import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loadTagManager, onConsentBannerRequest, readConsent, writeConsent, type Consent } from '../../lib/consent'

interface Props {
  /** The tag manager the visitor is asked about: without one, the site has no banner at all. */
  gtmId: string
  policyUrl: string
}

/**
 * The analytics consent banner (every page of a site with a tag manager). The server renders it
 * hidden; the browser shows it when no choice is stored or when the visitor asks for cookie
 * settings.
 */
export default function CookieConsent({ gtmId, policyUrl }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [focusOnOpen, setFocusOnOpen] = useState(false)
  const ref = useRef<HTMLElement>(null)
  const titleId = useId()

  useEffect(() => {
    if (readConsent() === null) setOpen(true)
    return onConsentBannerRequest(() => {
      setOpen(true)
      setFocusOnOpen(true)
    })
  }, [])

  useEffect(() => {
    if (open && focusOnOpen) ref.current?.focus()
  }, [open, focusOnOpen])

  function choose(choice: Consent) {
    const before = readConsent()
    writeConsent(choice)
    setOpen(false)
    setFocusOnOpen(false)
    if (choice === 'accepted') loadTagManager(gtmId)
    // A tag manager already running cannot be unloaded: a fresh page honours the refusal.
    if (choice === 'rejected' && before === 'accepted' && document.querySelector('script[data-tag-manager]')) {
      window.location.reload()
    }
  }

  return (
    <section
      ref={ref}
      className="cookie-banner"
      aria-labelledby={titleId}
      hidden={!open}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && readConsent() !== null) setOpen(false)
      }}
    >
      <div className="cookie-banner-inner">
        <div className="cookie-banner-text">
          <h2 id={titleId} className="cookie-banner-title">
            {t('cookies.bannerTitle')}
          </h2>
          <p>{t('cookies.bannerText')}</p>
          <a className="text-link" href={policyUrl}>
            {t('cookies.learnMore')}
          </a>
        </div>
        <div className="cookie-banner-actions">
          <button type="button" className="button button-outline" onClick={() => choose('rejected')}>
            {t('cookies.reject')}
          </button>
          <button type="button" className="button button-gold" onClick={() => choose('accepted')}>
            {t('cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  )
}
