import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetIslandConfig } from '../../lib/config'
import { airports } from '../../test/fixtures'
import { renderIsland, writeIslandConfig } from '../../test/render-island'
import AirportRequest from './airport-request'
import { DRAFT_KEY, emptyDraft, type AirportDraft } from './airport-draft'

/** A request a visitor has filled in and left: the page restores it. */
const filled: AirportDraft = {
  ...emptyDraft(),
  country: 'AE',
  city: 'Dubai',
  airport: 'DXB',
  terminal: 'Terminal 3',
  flightNumber: 'ek 2',
  departureArrival: 'arrival',
  date: '2099-12-01',
  time: '18:45',
  services: ['meetGreet', 'fastTrack'],
  passengerDetails: { title: 'dr', fullName: ' Layla Haddad ', mobile: '+971 50 123 4567', email: 'layla@example.ae' },
  meetGreet: { meetingPoint: 'Arrivals hall, gate B', signageName: 'Dr Haddad', numPassengers: '3', language: 'arabic', assistence: '' },
  porterService: { ...emptyDraft().porterService, bags: '2' },
}

const storedDraft = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as AirportDraft | null

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }))

function renderRestored(draft: AirportDraft = filled, lang: 'en' | 'ar' = 'en') {
  localStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
  writeIslandConfig(lang)
  return renderIsland(<AirportRequest airports={airports} />, lang)
}

const send = (user: ReturnType<typeof userEvent.setup>, name = 'Send Request') => user.click(screen.getByRole('button', { name }))

describe('airport request', () => {
  beforeEach(() => {
    localStorage.clear()
    resetIslandConfig()
  })
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  it('sends the request, shows its reference, and forgets the draft', async () => {
    const fetch = answer(201, {
      responseBody: [{ id: 7, reference: 'AR-7K2M9QXD' }],
      message: 'Thank you. Your request has been received; our airport desk will confirm it shortly.',
    })
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    renderRestored()
    expect(await screen.findByLabelText('Flight number')).toHaveValue('ek 2')
    await send(user)

    const heading = await screen.findByRole('heading', { name: 'Request received' })
    expect(heading).toHaveFocus()
    const panel = screen.getByRole('status')
    expect(within(panel).getByText('AR-7K2M9QXD')).toHaveAttribute('dir', 'ltr')
    expect(panel).toHaveTextContent('our airport desk will confirm it shortly')
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/v1/airport-requests')
    expect((init.headers as Record<string, string>)['x-api-key']).toBe('test-key')
    expect(JSON.parse(init.body as string)).toEqual({
      country: 'AE',
      city: 'Dubai',
      airport: 'DXB',
      terminal: 'Terminal 3',
      flightNumber: 'ek 2',
      departureArrival: 'arrival',
      date: '2099-12-01',
      time: '18:45',
      services: ['meetGreet', 'fastTrack'],
      passengerDetails: { title: 'dr', fullName: 'Layla Haddad', mobile: '+971 50 123 4567', email: 'layla@example.ae' },
      meetGreet: { meetingPoint: 'Arrivals hall, gate B', signageName: 'Dr Haddad', numPassengers: '3', language: 'arabic', assistence: '' },
      lang: 'en',
      company_website: '',
      elapsed_ms: expect.any(Number),
    })

    await user.click(screen.getByRole('button', { name: 'Make another request' }))
    const country = screen.getByLabelText('Country')
    expect(country).toHaveValue('')
    expect(country).toHaveFocus()
    expect(screen.getByLabelText('Flight number')).toHaveValue('')
    expect(screen.getByRole('checkbox', { name: 'Meet & Greet' })).not.toBeChecked()
  })

  it('sends the porter’s details only when a porter is chosen, and Meet & Greet’s only with it', async () => {
    const fetch = answer(201, { responseBody: [{ id: 8, reference: 'AR-PORTER22' }], message: 'ok' })
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    const porter = { ...filled.porterService, bags: '4', bagType: 'oversized', pickup: 'Car park P3', drop: 'Check-in row F', trolleyAssist: 'yes', timeSlot: '06:15' }
    renderRestored({ ...filled, services: ['porter'], porterService: porter })
    expect(await screen.findByRole('group', { name: 'Porter details' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Meet & Greet details' })).toBeNull()
    await send(user)
    await screen.findByText('AR-PORTER22')
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)
    expect(body.services).toEqual(['porter'])
    expect(body.porterService).toEqual(porter)
    expect(body).not.toHaveProperty('meetGreet')
  })

  it('says what each field lacks, focuses the first, and sends nothing', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    renderRestored({ ...filled, terminal: '', services: ['meetGreet', 'porter'], passengerDetails: { ...filled.passengerDetails, mobile: '050 123' } })
    await screen.findByRole('group', { name: 'Porter details' })
    await send(user)

    const terminal = screen.getByLabelText('Terminal')
    expect(terminal).toHaveFocus()
    expect(terminal).toHaveAccessibleDescription('Please choose the terminal.')
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('Mobile number should be 10 to 15 digits only.')
    expect(screen.getByLabelText('Type of luggage')).toHaveAccessibleDescription('Please choose the type of bags.')
    expect(screen.getByRole('group', { name: 'Trolley assistance' })).toHaveAccessibleDescription('Please say whether you need trolley assistance.')
    expect(document.getElementById('island-toasts')).toHaveTextContent('Please choose the terminal.')
    expect(fetch).not.toHaveBeenCalled()

    // An edited field's message goes; the others stay until the next Send.
    await user.selectOptions(terminal, 'Terminal 1')
    expect(terminal).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks for a service when none is chosen, on the group of services', async () => {
    vi.stubGlobal('fetch', vi.fn())
    const user = userEvent.setup()
    renderRestored({ ...filled, services: [] })
    await screen.findByDisplayValue('ek 2')
    await send(user)
    const group = screen.getByRole('group', { name: 'Services' })
    expect(group).toHaveAccessibleDescription('Choose one or more. Please choose at least one service.')
    expect(within(group).getAllByRole('checkbox')[0]).toHaveFocus()
    await user.click(screen.getByRole('checkbox', { name: 'Lounge Access' }))
    expect(group).toHaveAccessibleDescription('Choose one or more.')
  })

  it('puts the server’s messages under their fields and keeps everything typed', async () => {
    const message = 'Mobile number should be 10 to 15 digits only.'
    vi.stubGlobal('fetch', answer(400, { message, errors: { 'passengerDetails.mobile': message } }))
    const user = userEvent.setup()
    renderRestored()
    await screen.findByDisplayValue('ek 2')
    await send(user)

    const mobile = screen.getByLabelText('Mobile number')
    await waitFor(() => expect(mobile).toHaveAccessibleDescription(message))
    expect(mobile).toHaveFocus()
    expect(screen.getByLabelText('Full name')).toHaveValue(' Layla Haddad ')
    expect(screen.getByLabelText('Meeting point')).toHaveValue('Arrivals hall, gate B')
    expect(storedDraft()).toEqual(filled)
    expect(screen.queryByRole('heading', { name: 'Request received' })).toBeNull()
  })

  it('says nothing was sent when the connection fails, and keeps the draft', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const user = userEvent.setup()
    renderRestored()
    await screen.findByDisplayValue('ek 2')
    await send(user)

    expect(await screen.findByRole('alert')).toHaveTextContent('Your request could not be sent, so nothing has reached us yet.')
    expect(screen.getByLabelText('Flight number')).toHaveValue('ek 2')
    expect(screen.getByRole('checkbox', { name: 'Meet & Greet' })).toBeChecked()
    expect(storedDraft()).toEqual(filled)
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled()
  })

  it.each([
    ['en', 503, 'Send Request', 'Your request could not be sent, so nothing has reached us yet.'],
    ['en', 429, 'Send Request', 'please wait a few minutes and try again.'],
    ['ar', 429, 'إرسال الطلب', 'أرسلت عدة طلبات خلال وقت قصير، لذا لم يُرسَل هذا الطلب.'],
    ['ar', 500, 'إرسال الطلب', 'تعذّر إرسال طلبك، فلم يصلنا شيء بعد.'],
  ] as const)('in %s, answers a %i in the page’s language and keeps the request', async (lang, status, button, text) => {
    const fetch = answer(status, { message: 'Too many submissions from your address.', errors: {} })
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    renderRestored(filled, lang)
    await screen.findByDisplayValue('ek 2')
    await send(user, button)
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(storedDraft()).toEqual(filled)
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect((init.headers as Record<string, string>)['accept-language']).toBe(lang)
    expect(JSON.parse(init.body as string).lang).toBe(lang)
  })

  it('sends what a machine filled in the field people never see', async () => {
    const fetch = answer(201, { responseBody: [{ id: 9, reference: 'AR-TRAPPED2' }], message: 'ok' })
    vi.stubGlobal('fetch', fetch)
    const user = userEvent.setup()
    const { container } = renderRestored()
    await screen.findByDisplayValue('ek 2')
    const trap = container.querySelector<HTMLInputElement>('input[name="company_website"]')!
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('.form-trap')).not.toBeNull()
    trap.value = 'http://spam.example'
    await send(user)
    await screen.findByText('AR-TRAPPED2')
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).company_website).toBe('http://spam.example')
  })

  it('keeps every choice as it is made, services as a list', async () => {
    writeIslandConfig()
    const user = userEvent.setup()
    renderIsland(<AirportRequest airports={airports} />)
    await user.selectOptions(screen.getByLabelText('Country'), 'AE')
    await user.click(screen.getByRole('checkbox', { name: 'Porter Service' }))
    await user.click(screen.getByRole('checkbox', { name: 'Lounge Access' }))
    await user.type(screen.getByLabelText('Mobile number'), '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧')
    expect(await screen.findByRole('group', { name: 'Porter details' })).toBeInTheDocument()
    await waitFor(() => expect(storedDraft()).toMatchObject({ country: 'AE' }))
    expect(storedDraft()?.services.slice().sort()).toEqual(['lounge', 'porter'])
    expect(storedDraft()?.passengerDetails.mobile).toBe('+971 50 123 4567')
    await user.click(screen.getByRole('checkbox', { name: 'Porter Service' }))
    expect(screen.queryByRole('group', { name: 'Porter details' })).toBeNull()
    await waitFor(() => expect(storedDraft()?.services).toEqual(['lounge']))
  })
})
