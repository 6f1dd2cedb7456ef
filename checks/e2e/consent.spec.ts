import type { Page } from '@playwright/test'
import { LANGS, at, expect, hydrated, stringsOf, test } from './fixtures'

// The e2e server has a tag manager (global-setup sets CONCIERGE_GTM_ID): without one there is
// no banner at all, which the generator's tests cover.
test.use({ consented: false })

const tagManager = (page: Page) => page.locator('script[src*="googletagmanager.com"][src*="GTM-TEST123"], iframe[src*="googletagmanager.com"][src*="GTM-TEST123"]')

for (const lang of LANGS) {
  test.describe(`cookie consent (${lang})`, () => {
    test('loads the tag manager only after acceptance, and remembers the choice', async ({ page }) => {
      await page.goto(at(lang, '/'))
      await hydrated(page, 'cookie-consent')
      const t = await stringsOf(page, lang)
      const banner = page.getByRole('region', { name: t.cookies.bannerTitle })
      await expect(banner).toBeVisible()
      await expect(tagManager(page)).toHaveCount(0)

      await banner.getByRole('button', { name: t.cookies.accept }).click()
      await expect(banner).toBeHidden()
      await expect(tagManager(page)).toHaveCount(1)
      expect(await page.evaluate(() => localStorage.getItem('concierge.consent'))).toBe('accepted')

      await page.goto(at(lang, '/about'))
      await expect(tagManager(page)).toHaveCount(1)
      await expect(page.locator('.cookie-banner')).toBeHidden()
    })

    test('a refusal keeps the tag manager away, and Cookie settings reopen the banner', async ({ page }) => {
      await page.goto(at(lang, '/about'))
      await hydrated(page, 'cookie-consent')
      const t = await stringsOf(page, lang)
      const banner = page.getByRole('region', { name: t.cookies.bannerTitle })
      await banner.getByRole('button', { name: t.cookies.reject }).click()
      await expect(banner).toBeHidden()
      await page.reload()
      await page.waitForLoadState('networkidle')
      await expect(tagManager(page)).toHaveCount(0)
      await expect(page.locator('.cookie-banner')).toBeHidden()

      // The footer link reopens the banner in place (hydrating it on demand).
      await page.locator('footer a[data-cookie-settings]').click()
      await expect(page.getByRole('region', { name: t.cookies.bannerTitle })).toBeVisible()
      await expect(page.getByRole('region', { name: t.cookies.bannerTitle })).toBeFocused()
      expect(page.url()).not.toContain('cookies-policy')
      await page.getByRole('button', { name: t.cookies.accept }).click()
      await expect(tagManager(page)).toHaveCount(1)

      // So does the button on the cookies policy page.
      await page.goto(at(lang, '/cookies-policy'))
      await hydrated(page, 'cookie-settings')
      await page.locator('.cookie-settings').getByRole('button', { name: t.cookies.settings }).click()
      await expect(page.getByRole('region', { name: t.cookies.bannerTitle })).toBeVisible()
    })
  })
}

test('a page whose islands are all below the fold runs no React until one scrolls into view', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('concierge.consent', 'rejected'))
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await page.goto('/privacy-policy')
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  expect(scripts.filter((s) => s.startsWith('/assets/islands/')).map((s) => s.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/islands/loader'])
  await page.locator('footer').scrollIntoViewIfNeeded()
  await hydrated(page, 'newsletter')
  expect(scripts.some((s) => /\/assets\/islands\/react-/.test(s))).toBe(true)
})
