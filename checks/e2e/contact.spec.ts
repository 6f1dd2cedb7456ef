import { LANGS, adminGet, at, expect, expectProblems, hydrated, messagesOf, stringsOf, test } from './fixtures'

const valid = {
  first_name: 'نورة',
  last_name: "O'Neil-Qahtani",
  phone: '+971 (50) 123-4567',
  email: 'noura@example.ae',
  subject: 'Arrival in Dubai',
  message: 'Meet and greet for three passengers, please.',
}
type Field = keyof typeof valid

for (const lang of LANGS) {
  test.describe(`contact form (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(at(lang, '/contact-us'))
      await hydrated(page, 'contact-form')
    })

    test('checks the six rules in order, inline and as a toast, and clears an error on edit', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const m = messagesOf('contact', lang)
      const form = page.locator('form.contact-form')
      const field = (name: Field) => form.locator(`[name="${name}"]`)
      const submit = form.getByRole('button', { name: t.contact.submit })
      const toast = page.locator('#island-toasts')

      // Each step: the values so far, then the one failure expected next.
      const steps: [Partial<Record<Field, string>>, Field, string][] = [
        [{}, 'first_name', m.first_name.required],
        [{ first_name: 'J0hn' }, 'first_name', m.first_name.invalid],
        [{ first_name: valid.first_name }, 'last_name', m.last_name.required],
        [{ last_name: 'Smith!' }, 'last_name', m.last_name.invalid],
        [{ last_name: valid.last_name }, 'phone', m.phone.required],
        [{ phone: '12345' }, 'phone', m.phone.invalid],
        [{ phone: valid.phone }, 'email', m.email.required],
        [{ email: 'not-an-email' }, 'email', m.email.invalid],
        [{ email: valid.email }, 'subject', m.subject.required],
        [{ subject: valid.subject }, 'message', m.message.required],
      ]
      for (const [values, failing, message] of steps) {
        for (const [name, value] of Object.entries(values)) await field(name as Field).fill(value)
        await submit.click()
        const input = field(failing)
        await expect(input).toHaveAttribute('aria-invalid', 'true')
        const described = await input.getAttribute('aria-describedby')
        await expect(page.locator(`[id="${described}"]`)).toHaveText(message)
        await expect(page.locator(`[id="${described}"]`)).toHaveAttribute('role', 'alert')
        await expect(toast.getByText(message, { exact: true }).last()).toBeVisible()
        // Only the first failure is shown.
        await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1)
      }
      await field('message').pressSequentially('H')
      await expect(field('message')).not.toHaveAttribute('aria-invalid', 'true')
      await expect(form.locator('.field-error')).toHaveCount(0)
    })

    test('sends an enquiry that lands in the database, clears the fields and thanks the visitor', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const subject = `Arrival ${lang} ${test.info().project.name} ${Date.now()}`
      for (const [name, value] of Object.entries({ ...valid, subject })) await page.locator(`form.contact-form [name="${name}"]`).fill(value)
      await page.getByRole('button', { name: t.contact.submit }).click()

      const dialog = page.getByRole('dialog', { name: t.contact.thankYou })
      await expect(dialog).toBeVisible()
      for (const name of Object.keys(valid)) await expect(page.locator(`form.contact-form [name="${name}"]`)).toHaveValue('')

      // Focus stays inside the dialog, and Escape closes it.
      await expect(dialog.getByRole('button', { name: t.contact.close }).last()).toBeFocused()
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press('Tab')
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
      }
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      const stored = (await adminGet(page, '/contact-us?page=1&size=100')) as { responseBody: { result: Record<string, string>[] } }
      const row = stored.responseBody.result.find((r) => r.subject === subject)
      expect(row, 'the enquiry is in the database').toBeTruthy()
      expect(row).toMatchObject({ first_name: valid.first_name, last_name: valid.last_name, email: valid.email, phone: '+971501234567' })
    })

    test('asks the visitor to try again when the server fails, and clears the fields', async ({ page, problems }) => {
      const t = await stringsOf(page, lang)
      await page.route('**/api/v1/contact-us', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }))
      for (const [name, value] of Object.entries(valid)) await page.locator(`form.contact-form [name="${name}"]`).fill(value)
      await page.getByRole('button', { name: t.contact.submit }).click()
      const dialog = page.getByRole('dialog', { name: t.contact.retry })
      await expect(dialog).toBeVisible()
      await expect(page.locator('form.contact-form [name="email"]')).toHaveValue('')
      await dialog.getByRole('button', { name: t.contact.close }).last().click()
      await expect(dialog).toBeHidden()
      // The browser logs the failed request itself: expected here.
      expectProblems(problems, /status of 503/)
    })
  })
}
