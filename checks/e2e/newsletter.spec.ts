import { LANGS, adminGet, at, expect, expectProblems, hydrated, messagesOf, stringsOf, test } from './fixtures'

for (const lang of LANGS) {
  test.describe(`newsletter (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(at(lang, '/about'))
      await hydrated(page, 'newsletter')
    })

    test('asks for an email, then a valid one, and subscribes it for real', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const form = page.locator('form.newsletter-form')
      const input = form.getByRole('textbox', { name: t.newsletter.placeholder })
      const subscribe = form.getByRole('button', { name: t.newsletter.subscribe })

      await subscribe.click()
      await expect(form.getByRole('alert')).toHaveText(messagesOf('subscription', lang).email.required)
      await expect(input).toHaveAttribute('aria-invalid', 'true')

      await input.fill('guest@example')
      await expect(form.getByRole('alert')).toHaveCount(0)
      await subscribe.click()
      await expect(form.getByRole('alert')).toHaveText(messagesOf('subscription', lang).email.invalid)

      const email = `Guest.${lang}.${test.info().project.name}.${Date.now()}@Example.com`
      await input.fill(`  ${email} `)
      await subscribe.click()
      await expect(page.locator('#island-toasts').getByText(t.newsletter.success)).toBeVisible()
      await expect(input).toHaveValue('')

      const list = (await adminGet(page, '/subscription?page=1&size=100')) as { responseBody: { result: { email: string }[] } }
      expect(list.responseBody.result.map((s) => s.email)).toContain(email.toLowerCase())
    })

    test('says so when the subscription fails', async ({ page, problems }) => {
      const t = await stringsOf(page, lang)
      await page.route('**/api/v1/subscription', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }))
      await page.locator('form.newsletter-form input').fill('guest@example.com')
      await page.locator('form.newsletter-form').getByRole('button', { name: t.newsletter.subscribe }).click()
      await expect(page.locator('#island-toasts').getByText(t.newsletter.failure)).toBeVisible()
      expectProblems(problems, /status of 500/)
    })
  })
}
