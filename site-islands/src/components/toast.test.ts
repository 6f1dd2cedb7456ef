import { afterEach, describe, expect, it, vi } from 'vitest'
import { showToast } from './toast'

const region = () => document.getElementById('island-toasts')!
const toasts = () => Array.from(region().querySelectorAll('.toast'))

/** A control whose box sits from `top` to `top + 48` px in a 667 px high viewport (a phone). */
function controlAt(top: number): HTMLButtonElement {
  vi.stubGlobal('innerHeight', 667)
  const button = document.createElement('button')
  document.body.append(button)
  vi.spyOn(button, 'getBoundingClientRect').mockImplementation(() => ({ top, bottom: top + 48, left: 16, right: 359, width: 343, height: 48, x: 16, y: top, toJSON: () => ({}) }))
  return button
}

describe('toasts', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it('replace the toast shown with the same key instead of stacking', () => {
    for (const text of ['Last name is required.', 'Phone number is required.', 'Phone number is required.']) {
      showToast(text, 'error', 'Close', { key: 'contact-form' })
    }
    expect(toasts()).toHaveLength(1)
    expect(region()).toHaveTextContent('Phone number is required.')

    showToast('Successfully Subscribed!', 'success', 'Close')
    showToast('Email address is required.', 'error', 'Close', { key: 'contact-form' })
    expect(toasts().map((toast) => toast.textContent)).toEqual(['Successfully Subscribed!', 'Email address is required.'])
  })

  it('sit at the top when the control that asked is in the lower half of the screen, at the bottom otherwise', () => {
    showToast('Last name is required.', 'error', 'Close', { anchor: controlAt(560) })
    expect(region().dataset.placement).toBe('top')

    showToast('Please enter your email.', 'error', 'Close', { anchor: controlAt(120) })
    expect(region().dataset.placement).toBe('bottom')
  })

  it('move when the page scrolls the control under them', async () => {
    const button = controlAt(120)
    showToast('Last name is required.', 'error', 'Close', { anchor: button })
    expect(region().dataset.placement).toBe('bottom')

    vi.mocked(button.getBoundingClientRect).mockImplementation(() => ({ top: 590, bottom: 638 }) as DOMRect)
    window.dispatchEvent(new Event('scroll'))
    await new Promise((resolve) => window.requestAnimationFrame(resolve))
    expect(region().dataset.placement).toBe('top')
  })
})
