import { LANGS, at, expect, hydrated, test } from './fixtures'

// Controls of the islands (and the blog cards' Read More) are at least 44×44 CSS pixels (links inside running text excepted).
const CONTROLS = [
  'button:visible',
  'select:visible',
  'textarea:visible',
  'input:not([type="radio"]):not([type="checkbox"]):visible',
  'label:has(> input[type="radio"]):visible',
  'a.button:visible, a.text-link:visible, a.service-tab:visible',
].join(', ')

for (const lang of LANGS) {
  test(`island controls are at least 44px tap targets (${lang})`, async ({ page }) => {
    const pages: [string, string[]][] = [
      ['/contact-us', ['contact-form', 'newsletter']],
      ['/services', ['services-explorer']],
      ['/services/airport', ['airport-request']],
      ['/', ['banner-carousel', 'review-carousel']],
    ]
    for (const [path, islands] of pages) {
      await page.goto(at(lang, path))
      for (const island of islands) {
        await hydrated(page, island)
        const small = await page.locator(`[data-island="${island}"]`).locator(CONTROLS).evaluateAll((els) =>
          els
            .map((el) => ({ el, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 44 || box.height < 44)
            .map(({ el, box }) => `${el.outerHTML.slice(0, 80)} ${Math.round(box.width)}×${Math.round(box.height)}`),
        )
        expect(small, `${path} ${island}`).toEqual([])
      }
    }
    // The blog cards' Read More (the generator's HTML, worked by the loader).
    await page.goto(at(lang, '/blogs'))
    expect(await page.locator('.blog-list').locator(CONTROLS).count()).toBeGreaterThan(0)
    const small = await page.locator('.blog-list').locator(CONTROLS).evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).filter((box) => box.width < 44 || box.height < 44).length,
    )
    expect(small, '/blogs Read More').toBe(0)
  })
}
