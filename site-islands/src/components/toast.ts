//! Toasts: one polite live region per page, shared by every island (each island is its own
//! React root, so the region lives outside React). Errors are announced as alerts.

export type ToastTone = 'success' | 'error' | 'info'

const REGION_ID = 'island-toasts'
const DURATION_MS = 6000

/** Creates the live region ahead of the first message, so screen readers announce it. */
export function prepareToasts(): HTMLElement {
  const existing = document.getElementById(REGION_ID)
  if (existing) return existing
  const region = document.createElement('div')
  region.id = REGION_ID
  region.className = 'toast-region'
  region.setAttribute('aria-live', 'polite')
  region.setAttribute('aria-relevant', 'additions')
  document.body.append(region)
  return region
}

const ICONS: Record<ToastTone, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M12 7.5v5.5M12 16.2v.3',
  info: 'M12 11v5.5M12 7.8v.3',
}

/** Shows `message` for a few seconds (longer while hovered or focused); `closeLabel` names the × button. */
export function showToast(message: string, tone: ToastTone, closeLabel: string): void {
  const region = prepareToasts()
  const toast = document.createElement('div')
  toast.className = `toast toast-${tone}`
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

  function dismiss() {
    window.clearTimeout(timer)
    toast.remove()
  }
}
