//! Toasts: one polite live region per page, shared by every island (each island is its own
//! React root, so the region lives outside React). Errors are announced as alerts.

export type ToastTone = 'success' | 'error' | 'info'

const REGION_ID = 'island-toasts'
const DURATION_MS = 6000

export interface ToastOptions {
  /** A toast with the same key replaces the one on screen instead of stacking under it. */
  key?: string
  /** The control that asked for the toast: toasts keep to the edge of the screen away from it. */
  anchor?: Element | null
}

/** The control the toasts on screen must not cover (the last one that asked). */
let anchor: Element | null = null

/** Creates the live region ahead of the first message, so screen readers announce it. */
export function prepareToasts(): HTMLElement {
  const existing = document.getElementById(REGION_ID)
  if (existing) return existing
  const region = document.createElement('div')
  region.id = REGION_ID
  region.className = 'toast-region'
  region.dataset.placement = 'bottom'
  region.setAttribute('aria-live', 'polite')
  region.setAttribute('aria-relevant', 'additions')
  document.body.append(region)
  // The page may scroll the control under the toasts: follow it while any are shown.
  let frame = 0
  const follow = () => {
    if (frame || !region.firstChild) return
    frame = window.requestAnimationFrame(() => {
      frame = 0
      place(region)
    })
  }
  window.addEventListener('scroll', follow, { passive: true })
  window.addEventListener('resize', follow, { passive: true })
  return region
}

/**
 * Puts the toasts at the top of the screen when the anchor is in its lower half, at the bottom
 * otherwise: on a phone a toast spans the width, and must never cover the Send button.
 */
function place(region: HTMLElement) {
  if (!anchor?.isConnected) return
  const rect = anchor.getBoundingClientRect()
  const middle = (rect.top + rect.bottom) / 2
  region.dataset.placement = middle > window.innerHeight / 2 ? 'top' : 'bottom'
}

const ICONS: Record<ToastTone, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M12 7.5v5.5M12 16.2v.3',
  info: 'M12 11v5.5M12 7.8v.3',
}

/** Each toast on screen and how to dismiss it (a replaced toast also stops its timer). */
const dismissers = new WeakMap<Element, () => void>()

/**
 * Shows `message` for a few seconds (longer while hovered or focused); `closeLabel` names the ×
 * button. A `key` replaces the toast shown with that key; an `anchor` is kept clear (see `place`).
 */
export function showToast(message: string, tone: ToastTone, closeLabel: string, options: ToastOptions = {}): void {
  const region = prepareToasts()
  if (options.anchor) anchor = options.anchor
  place(region)
  const toast = document.createElement('div')
  toast.className = `toast toast-${tone}`
  if (options.key) {
    toast.dataset.key = options.key
    for (const previous of Array.from(region.children)) {
      if ((previous as HTMLElement).dataset.key === options.key) dismissers.get(previous)?.()
    }
  }
  if (tone === 'error') toast.setAttribute('role', 'alert')
  else toast.setAttribute('role', 'status')

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('class', 'toast-icon')
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path')
  path.setAttribute('d', ICONS[tone])
  svg.append(path)

  const text = document.createElement('p')
  text.className = 'toast-text'
  text.textContent = message

  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'toast-close'
  close.setAttribute('aria-label', closeLabel)
  close.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 7l10 10M17 7L7 17"/></svg>'

  toast.append(svg, text, close)
  region.append(toast)

  let timer = window.setTimeout(dismiss, DURATION_MS)
  const pause = () => window.clearTimeout(timer)
  const resume = () => {
    window.clearTimeout(timer)
    timer = window.setTimeout(dismiss, DURATION_MS / 2)
  }
  toast.addEventListener('mouseenter', pause)
  toast.addEventListener('focusin', pause)
  toast.addEventListener('mouseleave', resume)
  toast.addEventListener('focusout', resume)
  close.addEventListener('click', dismiss)
  dismissers.set(toast, dismiss)

  function dismiss() {
    window.clearTimeout(timer)
    toast.remove()
  }
}
