import { LANGS, at, expect, hydrated, stringsOf, test } from './fixtures'

for (const lang of LANGS) {
  test.describe(`blog list (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(at(lang, '/blogs'))
      await hydrated(page, 'blog-list')
    })

    test('previews at 200 characters and expands in place with Read More / Read Less', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const { cards } = JSON.parse((await page.locator('[data-island="blog-list"]').getAttribute('data-props'))!) as {
        cards: { name: string; text: string; url: string }[]
      }
      const long = cards.findIndex((c) => Array.from(c.text).length > 200)
      expect(long, 'a seeded blog has a long text').toBeGreaterThanOrEqual(0)
      const card = page.locator('.blog-card').nth(long)
      const text = card.locator('.card-text')
      const preview = (await text.textContent())!
      expect(Array.from(preview).length).toBeLessThanOrEqual(201)
      expect(preview.endsWith('…')).toBe(true)
      expect(cards[long].text.startsWith(preview.slice(0, -1).trimEnd())).toBe(true)

      const url = page.url()
      const toggle = card.getByRole('button', { name: t.blogs.readMore })
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await toggle.click()
      // The whole text of the article, not the stored 600-character excerpt (no second "…").
      await expect(text).toHaveText(cards[long].text)
      expect((await text.textContent())!.endsWith('…')).toBe(false)
      expect(page.url()).toBe(url)
      await card.getByRole('button', { name: t.blogs.readLess }).click()
      await expect(text).toHaveText(preview)
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
