import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetIslandConfig } from '../../lib/config'
import { renderIsland, writeIslandConfig } from '../../test/render-island'
import ContactForm from './contact-form'

const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value)
}

const valid = {
  'First name': 'Noura',
  'Last name': 'Al-Qahtani',
  'Phone number': '+971 50 123 4567',
  'Email address': 'noura@example.ae',
  Subject: 'Arrival',
  Message: 'Meet and greet.',
}

describe('contact form', () => {
  beforeEach(() => {
    resetIslandConfig()
    writeIslandConfig()
  })
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it('shows only the first failure, inline and as a toast, and clears it on edit', async () => {
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    await fill(user, { 'First name': 'Noura', 'Phone number': '12' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const lastName = screen.getByLabelText('Last name')
    expect(lastName).toHaveAttribute('aria-invalid', 'true')
    expect(lastName).toHaveAccessibleDescription('Last name is required.')
    expect(lastName).toHaveFocus()
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid')
    expect(document.getElementById('island-toasts')).toHaveTextContent('Last name is required.')

    await user.type(lastName, 'A')
    expect(lastName).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText('Last name is required.', { selector: '.field-error' })).toBeNull()
  })

  it('on a phone, keeps one validation toast however often Send is pressed, clear of the Send button', async () => {
    vi.stubGlobal('innerWidth', 375)
    vi.stubGlobal('innerHeight', 667)
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    const send = screen.getByRole('button', { name: 'Send message' })
    // The Send button near the bottom of the screen, where the toasts used to pile up.
    vi.spyOn(send, 'getBoundingClientRect').mockImplementation(() => ({ top: 600, bottom: 648, left: 16, right: 359, width: 343, height: 48, x: 16, y: 600, toJSON: () => ({}) }))

    for (let i = 0; i < 5; i += 1) await user.click(send)
    await user.type(screen.getByLabelText('First name'), 'Noura')
    await user.click(send)

    const region = document.getElementById('island-toasts')!
    expect(region.querySelectorAll('.toast')).toHaveLength(1)
    expect(region).toHaveTextContent('Last name is required.')
    expect(region.dataset.placement).toBe('top')
  })

  it('posts the enquiry with the API key, clears the fields and thanks the visitor', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ responseBody: [{}] }), { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    await fill(user, valid)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('dialog', { name: /Thank you for reaching out/ })).toBeInTheDocument()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/contact-us')
    expect((init.headers as Record<string, string>)['x-api-key']).toBe('test-key')
    expect(JSON.parse(init.body as string)).toEqual({
      first_name: 'Noura',
      last_name: 'Al-Qahtani',
      phone: '+971 50 123 4567',
      email: 'noura@example.ae',
      subject: 'Arrival',
      message: 'Meet and greet.',
      lang: 'en',
      company_website: '',
      elapsed_ms: expect.any(Number),
    })
    expect(screen.getByLabelText('First name')).toHaveValue('')
  })

  it('sends what a machine filled in the field people never see', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    resetIslandConfig()
    writeIslandConfig('ar')
    const user = userEvent.setup()
    const { container } = renderIsland(<ContactForm />, 'ar')
    const trap = container.querySelector<HTMLInputElement>('input[name="company_website"]')!
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('.form-trap')).not.toBeNull()
    trap.value = 'http://spam.example'
    const boxes = screen.getAllByRole('textbox')
    for (const [i, value] of ['نورة', 'القحطاني', '+971 50 123 4567', 'noura@example.ae', 'وصول', 'استقبال'].entries()) {
      await user.type(boxes[i], value)
    }
    await user.click(screen.getAllByRole('button').at(-1)!)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    const body = JSON.parse(init.body as string)
    expect(body.company_website).toBe('http://spam.example')
    expect(body.lang).toBe('ar')
    // The server answers an Arabic page in Arabic.
    expect((init.headers as Record<string, string>)['accept-language']).toBe('ar')
  })

  it('counts digits typed on an Arabic keyboard like the server does', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    await fill(user, { ...valid, 'Phone number': '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(init.body as string).phone).toBe('+971 50 123 4567')
  })

  it('clears the fields and asks to try again when sending fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })))
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    await fill(user, valid)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByRole('dialog', { name: 'Please try again after some time.' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('')
    await act(async () => screen.getAllByRole('button', { name: 'Close' })[0].click())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('puts a server 400 field error on its field and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Subject must be at most 200 characters.', errors: { subject: 'Subject must be at most 200 characters.' } }), { status: 400 })),
    )
    const user = userEvent.setup()
    renderIsland(<ContactForm />)
    await fill(user, valid)
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Subject must be at most 200 characters.'))
    expect(screen.getByLabelText('First name')).toHaveValue('Noura')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it.each([
    ['en', 'You have sent several messages in a short time. Please try again in a few minutes.'],
    ['ar', 'أرسلت عدة رسائل خلال وقت قصير. يرجى المحاولة مرة أخرى بعد بضع دقائق.'],
  ] as const)('says in %s that the address sent too many, and keeps the enquiry', async (lang, text) => {
    const body = JSON.stringify({ message: 'Too many submissions from your address.', errors: {} })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 429, headers: { 'retry-after': '300' } })))
    writeIslandConfig(lang)
    const user = userEvent.setup()
    renderIsland(<ContactForm />, lang)
    const first = lang === 'en' ? 'First name' : screen.getAllByRole('textbox')[0]
    if (lang === 'en') await fill(user, valid)
    else {
      const boxes = screen.getAllByRole('textbox')
      const values = ['نورة', 'القحطاني', '+971 50 123 4567', 'noura@example.ae', 'وصول', 'استقبال']
      for (const [i, value] of values.entries()) await user.type(boxes[i], value)
    }
    await user.click(screen.getAllByRole('button')[screen.getAllByRole('button').length - 1])
    expect(await screen.findByText(text)).toBeInTheDocument()
    const firstBox = typeof first === 'string' ? screen.getByLabelText(first) : first
    expect(firstBox).not.toHaveValue('')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
