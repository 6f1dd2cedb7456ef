//! Analytics consent (architecture decision 10): the choice is remembered in `localStorage`,
//! and the tag manager loads only once the visitor has accepted.
import { readItem, writeItem } from './storage'

export const CONSENT_KEY = 'concierge.consent'
export type Consent = 'accepted' | 'rejected'

export function readConsent(): Consent | null {
  const value = readItem(CONSENT_KEY)
  return value === 'accepted' || value === 'rejected' ? value : null
}

export function writeConsent(choice: Consent): void {
  writeItem(CONSENT_KEY, choice)
  // The page's head script shows the server-rendered banner at once to a visitor who has not
  // chosen (`data-consent="ask"`, see islands.css); once chosen, the island alone decides.
  document.documentElement.removeAttribute('data-consent')
}

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/** Adds the tag manager's script once (its standard snippet, without inline script). */
export function loadTagManager(gtmId: string): void {
  if (document.querySelector('script[data-tag-manager]')) return
  window.dataLayer = window.dataLayer ?? []
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`
  script.dataset.tagManager = ''
  document.head.append(script)
}

/** Loads the tag manager if it is configured and the visitor accepted analytics. */
export function loadTagManagerIfConsented(gtmId: string | null): void {
  if (gtmId && readConsent() === 'accepted') loadTagManager(gtmId)
}

// Requests to show the consent banner again (footer links, the cookie-settings island). The
// banner island may not be hydrated yet: the loader wakes it, and it asks for pending requests.
let pending = false
let showBanner: (() => void) | null = null
let wakeBanner: (() => void) | null = null

export function requestConsentBanner(): void {
  if (showBanner) showBanner()
  else {
    pending = true
    wakeBanner?.()
  }
}

/** The banner island registers how to show itself; returns whether a request was waiting. */
export function onConsentBannerRequest(show: () => void): () => void {
  showBanner = show
  if (pending) {
    pending = false
    show()
  }
  return () => {
    if (showBanner === show) showBanner = null
  }
}

/** The loader registers how to hydrate the banner island when it is asked for. */
export function setConsentBannerWake(wake: () => void): void {
  wakeBanner = wake
}
