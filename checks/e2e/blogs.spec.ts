import { LANGS, at, expect, stringsOf, test } from './fixtures'

// The cards are the generator's HTML (no island): the loader, a module script that has run by
// the page's load event, works Read More and the card's click.

for (const lang of LANGS) {
  test.describe(`blog list (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(at(lang, '/blogs'))
    })

    test('previews at 200 characters and expands in place with Read More / Read Less', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const card = page.locator('.blog-card:has(.read-more)').first()
      await expect(card, 'a seeded blog has a long text').toBeAttached()
      const text = card.locator('.card-text')
      const preview = (await text.textContent())!
      const whole = (await text.getAttribute('data-full'))!
      expect(Array.from(preview).length).toBeLessThanOrEqual(201)
      expect(Array.from(whole).length).toBeGreaterThan(200)
      expect(preview.endsWith('…')).toBe(true)
      expect(whole.startsWith(preview.slice(0, -1).trimEnd())).toBe(true)

      const url = page.url()
      const toggle = card.getByRole('button', { name: t.blogs.readMore })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await toggle.click()
      // The whole text of the article, not the stored 600-character excerpt (no second "…").
      await expect(text).toHaveText(whole)
      expect((await text.textContent())!.endsWith('…')).toBe(false)
      expect(page.url()).toBe(url)
      await card.getByRole('button', { name: t.blogs.readLess }).click()
      await expect(text).toHaveText(preview)

      // Read More's text is the article's, whole.
      await page.goto(new URL((await card.locator('.card-title a').getAttribute('href'))!, url).href)
      expect((await page.locator('.article-body').innerText()).replace(/\s+/g, ' ').trim()).toBe(whole)
    })

    test('opens the article from anywhere on the card', async ({ page }) => {
      const first = page.locator('.blog-card').first()
      const href = (await first.locator('.card-title a').getAttribute('href'))!
      const title = (await first.locator('.card-title').textContent())!.trim()
      await first.locator('.card-date').click()
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      await expect(page.locator('h1')).toHaveText(title)
    })
  })
}
