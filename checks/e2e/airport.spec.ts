import type { Locator, Page } from '@playwright/test'
import { LANGS, adminGet, at, expect, expectProblems, hydrated, messagesOf, stringsOf, test, type Lang, type Strings } from './fixtures'

const DRAFT_KEY = 'concierge.airportRequest'

/** A day a month ahead, as the date input holds it. */
const inAMonth = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

/** The airport request as a visitor fills it in: Riyadh, Meet & Greet, and what it asks for. */
function journey(lang: Lang) {
  return {
    country: 'SA',
    city: 'Riyadh',
    airport: 'RUH',
    terminal: 'Terminal 1',
    flightNumber: 'SV 123',
    departureArrival: 'arrival',
    date: inAMonth(),
    time: '14:30',
    title: 'mrs',
    fullName: lang === 'ar' ? 'نورة القحطاني' : 'Noura Al-Qahtani',
    mobile: '+966 50 123 4567',
    email: `noura.${lang}@example.sa`,
    meetingPoint: lang === 'ar' ? 'صالة الوصول، البوابة ب' : 'Arrivals hall, gate B',
    signageName: 'Mrs Al-Qahtani',
    numPassengers: '2',
    language: 'arabic',
  }
}
type Journey = ReturnType<typeof journey>

async function open(page: Page, lang: Lang) {
  await page.goto(at(lang, '/services/airport'))
  await hydrated(page, 'airport-request')
  const t = await stringsOf(page, lang)
  const form = page.locator('form.airport-form')
  return { t, form, field: (label: string) => form.getByLabel(label, { exact: true }) }
}

/** Fills in every part of the journey, as a visitor does, top to bottom. */
async function fill(form: Locator, t: Strings, v: Journey) {
  const field = (label: string) => form.getByLabel(label, { exact: true })
  await field(t.airport.country).selectOption(v.country)
  await field(t.airport.city).selectOption(v.city)
  await field(t.airport.airport).selectOption(v.airport)
  await field(t.airport.terminal).selectOption(v.terminal)
  await field(t.airport.flightNumber).fill(v.flightNumber)
  await field(t.airport.arrival).check()
  await field(t.airport.date).fill(v.date)
  await field(t.airport.time).fill(v.time)

  // The Meet & Greet block appears only for that service.
  await expect(form.getByRole('group', { name: t.airport.meetGreet.heading })).toHaveCount(0)
  await form.getByRole('checkbox', { name: t.airport.services.meetGreet }).check()
  await expect(form.getByRole('group', { name: t.airport.meetGreet.heading })).toBeVisible()
  await expect(form.getByRole('group', { name: t.airport.porter.heading })).toHaveCount(0)

  await field(t.airport.passengerTitle).selectOption(v.title)
  await field(t.airport.fullName).fill(v.fullName)
  await field(t.airport.mobile).fill(v.mobile)
  await field(t.airport.email).fill(v.email)
  await field(t.airport.meetGreet.meetingPoint).fill(v.meetingPoint)
  await field(t.airport.meetGreet.signageName).fill(v.signageName)
  await field(t.airport.meetGreet.numPassengers).fill(v.numPassengers)
  await field(t.airport.meetGreet.language).selectOption(v.language)
}

/** Every value of the journey is still in the form, and in the draft. */
async function expectKept(page: Page, form: Locator, t: Strings, v: Journey) {
  const field = (label: string) => form.getByLabel(label, { exact: true })
  await expect(field(t.airport.country)).toHaveValue(v.country)
  await expect(field(t.airport.city)).toHaveValue(v.city)
  await expect(field(t.airport.airport)).toHaveValue(v.airport)
  await expect(field(t.airport.terminal)).toHaveValue(v.terminal)
  await expect(field(t.airport.flightNumber)).toHaveValue(v.flightNumber)
  await expect(field(t.airport.arrival)).toBeChecked()
  await expect(field(t.airport.date)).toHaveValue(v.date)
  await expect(field(t.airport.time)).toHaveValue(v.time)
  await expect(form.getByRole('checkbox', { name: t.airport.services.meetGreet })).toBeChecked()
  await expect(field(t.airport.passengerTitle)).toHaveValue(v.title)
  await expect(field(t.airport.fullName)).toHaveValue(v.fullName)
  await expect(field(t.airport.mobile)).toHaveValue(v.mobile)
  await expect(field(t.airport.email)).toHaveValue(v.email)
  await expect(field(t.airport.meetGreet.meetingPoint)).toHaveValue(v.meetingPoint)
  await expect(field(t.airport.meetGreet.signageName)).toHaveValue(v.signageName)
  await expect(field(t.airport.meetGreet.numPassengers)).toHaveValue(v.numPassengers)
  await expect(field(t.airport.meetGreet.language)).toHaveValue(v.language)
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), DRAFT_KEY)
  expect(stored).toMatchObject({
    country: v.country,
    flightNumber: v.flightNumber,
    date: v.date,
    services: ['meetGreet'],
    passengerDetails: { fullName: v.fullName, mobile: v.mobile },
    meetGreet: { meetingPoint: v.meetingPoint, numPassengers: v.numPassengers },
  })
}

for (const lang of LANGS) {
  test.describe(`airport request (${lang})`, () => {
    // The phone project runs these at 375×812 with touch, the desktop one at 1440×900.
    test('sends the request and shows its reference; the draft is gone and the desk has it', async ({ page }) => {
      const { t, form, field } = await open(page, lang)
      const v = journey(lang)
      await fill(form, t, v)
      await expect(form.getByText(t.airport.draftSaved)).toBeVisible()

      // Reloading keeps every value (the draft), then Send Request sends it.
      await page.reload()
      await hydrated(page, 'airport-request')
      await expectKept(page, form, t, v)
      await form.getByRole('button', { name: t.airport.sendRequest }).click()

      const confirmation = page.locator('[data-island="airport-request"] [role="status"]')
      const heading = confirmation.getByRole('heading', { name: t.airport.confirmation.heading })
      await expect(heading).toBeVisible()
      await expect(heading).toBeFocused()
      const reference = confirmation.locator('[dir="ltr"]')
      await expect(reference).toHaveText(/^AR-[A-Z0-9]+$/)
      const code = (await reference.textContent())!.trim()
      await expect(confirmation).toContainText(t.airport.confirmation.reference)
      expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull()

      const stored = (await adminGet(page, `/airport-requests?q=${encodeURIComponent(code)}&page=1&size=10`)) as {
        responseBody: { result: Record<string, unknown>[] }
      }
      const row = stored.responseBody.result.find((r) => r.reference === code)
      expect(row, 'the request is in the database').toBeTruthy()
      expect(row).toMatchObject({ flightNumber: 'SV123', airport: 'RUH', date: v.date, lang })

      // Another request starts from an empty form, and nothing comes back on reload.
      await confirmation.getByRole('button', { name: t.airport.confirmation.another }).click()
      await expect(field(t.airport.country)).toHaveValue('')
      await expect(field(t.airport.country)).toBeFocused()
      await expect(field(t.airport.fullName)).toHaveValue('')
      await page.reload()
      await hydrated(page, 'airport-request')
      await expect(field(t.airport.flightNumber)).toHaveValue('')
    })

    test('keeps everything typed when the server cannot take the request', async ({ page, problems }) => {
      const { t, form } = await open(page, lang)
      const v = journey(lang)
      await page.route('**/api/v1/airport-requests', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable', errors: {} } }))
      await fill(form, t, v)
      await form.getByRole('button', { name: t.airport.sendRequest }).click()

      await expect(form.getByRole('alert')).toHaveText(t.airport.notSent)
      await expectKept(page, form, t, v)
      await expect(page.getByRole('heading', { name: t.airport.confirmation.heading })).toHaveCount(0)
      // The browser logs the failed request itself: expected here.
      expectProblems(problems, /status of 503/)
    })

    test('says which field is wrong before sending anything, and keeps the rest', async ({ page }) => {
      const { t, form, field } = await open(page, lang)
      const m = messagesOf('airportRequest', lang)
      const v = { ...journey(lang), mobile: '050 123' }
      const posts: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/airport-requests')) posts.push(request.url())
      })
      await fill(form, t, v)
      await form.getByRole('button', { name: t.airport.sendRequest }).click()

      const mobile = field(t.airport.mobile)
      await expect(mobile).toHaveAttribute('aria-invalid', 'true')
      await expect(mobile).toBeFocused()
      await expect(mobile).toHaveAccessibleDescription(m['passengerDetails.mobile'].invalid)
      await expect(page.locator('#island-toasts').getByText(m['passengerDetails.mobile'].invalid)).toBeVisible()
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1)
      await expectKept(page, form, t, v)
      expect(posts).toEqual([])
    })
  })
}
