import { LANGS, at, expect, hydrated, stringsOf, test } from './fixtures'

for (const lang of LANGS) {
  test.describe(`airport request (${lang})`, () => {
    test('keeps a draft through a reload, and Send Request clears it', async ({ page }) => {
      await page.goto(at(lang, '/services/airport'))
      await hydrated(page, 'airport-request')
      const t = await stringsOf(page, lang)
      const form = page.locator('form.airport-form')
      const select = (label: string) => form.getByLabel(label, { exact: true })

      // Dependent choices: a city list only for the chosen country, and so on down.
      await expect(select(t.airport.city)).toBeDisabled()
      await select(t.airport.country).selectOption('AE')
      await select(t.airport.city).selectOption('Dubai')
      await select(t.airport.airport).selectOption('DXB')
      const terminals = await select(t.airport.terminal).locator('option').count()
      expect(terminals).toBeGreaterThan(1)
      await select(t.airport.terminal).selectOption({ index: 1 })
      await form.getByLabel(t.airport.flightNumber).fill('EK 2')
      await form.getByLabel(t.airport.arrival, { exact: true }).check()
      await form.getByLabel(t.airport.date).fill('2026-12-24')
      await form.getByLabel(t.airport.time, { exact: true }).fill('18:45')

      // The Meet & Greet block appears only for that service; the porter block for porters.
      await expect(form.getByText(t.airport.meetGreet.heading)).toHaveCount(0)
      await form.getByText(t.airport.services.porter, { exact: true }).click()
      await expect(form.getByText(t.airport.porter.heading)).toBeVisible()
      await form.getByLabel(t.airport.porter.bags).fill('4')
      await form.getByText(t.airport.services.meetGreet, { exact: true }).click()
      await expect(form.getByText(t.airport.porter.heading)).toHaveCount(0)
      await form.getByLabel(t.airport.meetGreet.signageName).fill('Mr Haddad')
      await form.getByLabel(t.airport.meetGreet.numPassengers).fill('3')
      await form.getByLabel(t.airport.meetGreet.language).selectOption('arabic')
      await form.getByLabel(t.airport.passengerTitle).selectOption('dr')
      await form.getByLabel(t.airport.fullName).fill('Layla Haddad')
      await form.getByLabel(t.airport.mobile).fill('+971 50 123 4567')
      await expect(form.getByText(t.airport.draftSaved)).toBeVisible()

      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('concierge.airportRequest') ?? 'null'))
      expect(stored).toMatchObject({
        country: 'AE',
        city: 'Dubai',
        airport: 'DXB',
        flightNumber: 'EK 2',
        departureArrival: 'arrival',
        date: '2026-12-24',
        time: '18:45',
        selectedService: 'meetGreet',
        passengerDetails: { title: 'dr', fullName: 'Layla Haddad', mobile: '+971 50 123 4567' },
        meetGreet: { signageName: 'Mr Haddad', numPassengers: '3', language: 'arabic' },
        porterService: { bags: '4' },
      })

      await page.reload()
      await hydrated(page, 'airport-request')
      await expect(select(t.airport.country)).toHaveValue('AE')
      await expect(select(t.airport.city)).toHaveValue('Dubai')
      await expect(select(t.airport.airport)).toHaveValue('DXB')
      await expect(form.getByLabel(t.airport.flightNumber)).toHaveValue('EK 2')
      await expect(form.getByLabel(t.airport.meetGreet.signageName)).toHaveValue('Mr Haddad')
      await expect(form.getByLabel(t.airport.fullName)).toHaveValue('Layla Haddad')
      await expect(form.getByLabel(t.airport.services.meetGreet)).toBeChecked()

      await form.getByRole('button', { name: t.airport.sendRequest }).click()
      await expect(page.locator('#island-toasts').getByText(t.airport.comingSoon)).toBeVisible()
      await expect(select(t.airport.country)).toHaveValue('')
      await expect(form.getByLabel(t.airport.fullName)).toHaveValue('')
      await expect(form.getByText(t.airport.meetGreet.heading)).toHaveCount(0)
      expect(await page.evaluate(() => localStorage.getItem('concierge.airportRequest'))).toBeNull()

      await page.reload()
      await hydrated(page, 'airport-request')
      await expect(select(t.airport.country)).toHaveValue('')
    })
  })
}
