import { LANGS, at, expect, test } from './fixtures'

/** The seed's eight guides, by country in the order of their first destination. */
const COUNTRIES = {
  en: ['Saudi Arabia', 'United Arab Emirates', 'Bahrain', 'Qatar', 'United Kingdom'],
  ar: ['المملكة العربية السعودية', 'الإمارات العربية المتحدة', 'البحرين', 'قطر', 'المملكة المتحدة'],
}

for (const lang of LANGS) {
  test.describe(`destinations (${lang})`, () => {
    test('a visitor finds a city under Destinations, grouped by country, and reads its guide', async ({ page }) => {
      await page.goto(at(lang, '/'))
      const menu = page.locator('.site-nav')
      if (!(await menu.isVisible())) await page.locator('.menu-toggle').click()
      await menu.getByRole('link', { name: lang === 'en' ? 'Destinations' : 'الوجهات' }).click()
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/destinations')}$`))
      await expect(page.locator('.country-title')).toHaveText(COUNTRIES[lang])
      const saudi = page.locator('.destination-country').first()
      await expect(saudi.locator('.card-title')).toHaveText(lang === 'en' ? ['Riyadh', 'Jeddah', 'AlUla'] : ['الرياض', 'جدة', 'العُلا'])

      await saudi.getByRole('link', { name: lang === 'en' ? 'AlUla' : 'العُلا', exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/destinations/alula')}$`))
      await expect(page.locator('h1')).toHaveText(lang === 'en' ? 'AlUla' : 'العُلا')
      await expect(page.locator('.article-body h2').first()).toBeVisible()
      await expect(page.locator('.site-nav [aria-current="page"]')).toHaveAttribute('href', at(lang, '/destinations'))
      // The guide's picture fills its hero, and no text runs out of the page at this width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.getByRole('link', { name: lang === 'en' ? 'All destinations' : 'كل الوجهات' }).click()
      await expect(page).toHaveURL(new RegExp(`${at(lang, '/destinations')}$`))
    })

    test('the footer links Destinations', async ({ page }) => {
      await page.goto(at(lang, '/about'))
      await expect(page.locator('.site-footer').getByRole('link', { name: lang === 'en' ? 'Destinations' : 'الوجهات' })).toHaveAttribute(
        'href',
        at(lang, '/destinations'),
      )
    })
  })
}
