import { LANGS, at, expect, test } from './fixtures'

const PAGES = ['/', '/about', '/services', '/services/1', '/services/airport', '/partnership', '/contact-us', '/privacy-policy', '/terms-services', '/cookies-policy', '/blogs']

for (const lang of LANGS) {
  test(`every page hydrates its islands without a console error or hydration warning (${lang})`, async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(at(lang, path))
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const islands = page.locator('[data-island]')
      const count = await islands.count()
      expect(count, `${path} has islands`).toBeGreaterThan(0)
      for (let i = 0; i < count; i += 1) {
        const island = islands.nth(i)
        if ((await island.getAttribute('data-island')) === 'cookie-consent') continue
        await island.scrollIntoViewIfNeeded()
        await expect(island, `${path}: ${await island.getAttribute('data-island')}`).toHaveAttribute('data-hydrated', '')
      }
    }
  })
}
