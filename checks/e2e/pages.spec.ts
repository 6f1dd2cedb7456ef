import { LANGS, at, expect, expectProblems, test } from './fixtures'

const PAGES = ['/', '/about', '/services', '/services/1', '/services/airport', '/partnership', '/contact-us', '/privacy-policy', '/terms-services', '/cookies-policy', '/blogs', '/destinations', '/destinations/riyadh']

for (const lang of LANGS) {
  test(`every page hydrates its islands without a console error or hydration warning (${lang})`, async ({ page, problems }) => {
    await page.goto(at(lang, '/blogs'))
    const article = new URL((await page.locator('.blog-card .card-title a').first().getAttribute('href'))!, page.url()).pathname
    for (const path of [...PAGES, article, '/no-such-page']) {
      const response = await page.goto(path === article ? path : at(lang, path))
      expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200)
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
    // The browser reports the 404 status of the missing page itself.
    expectProblems(problems, /status of 404/)
  })
}
