import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetIslandConfig } from '../../lib/config'
import { renderIsland, writeIslandConfig } from '../../test/render-island'
import Newsletter from './newsletter'

describe('newsletter', () => {
  beforeEach(() => {
    resetIslandConfig()
  })
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it.each([
    ['en', 'Too many sign-ups from your connection. Please try again in a few minutes.'],
    ['ar', 'محاولات اشتراك كثيرة من اتصالك. يرجى المحاولة مرة أخرى بعد بضع دقائق.'],
  ] as const)('says in %s when the address signed up too often', async (lang, text) => {
    const body = JSON.stringify({ message: 'Too many submissions from your address.', errors: {} })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 429 })))
    writeIslandConfig(lang)
    const user = userEvent.setup()
    renderIsland(<Newsletter />, lang)
    await user.type(screen.getByRole('textbox'), 'layla@example.ae')
    await user.click(screen.getByRole('button'))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })
})
