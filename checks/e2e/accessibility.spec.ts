import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { LANGS, at, expect, hydrated, test } from './fixtures'

/** axe over the islands of the page, or `include` (WCAG 2.2 A/AA rules), in the state the visitor sees. */
async function auditIslands(page: Page, include = '[data-island]') {
  const { violations } = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const lang of LANGS) {
  test(`islands pass axe, with errors shown and blocks open (${lang})`, async ({ page }) => {
    await page.goto(at(lang, '/contact-us'))
    await hydrated(page, 'contact-form')
    await page.locator('form.contact-form button[type="submit"]').click()
    await expect(page.locator('form.contact-form [aria-invalid="true"]')).toHaveCount(1)
    await hydrated(page, 'newsletter')
    await auditIslands(page)

    await page.goto(at(lang, '/services'))
    await hydrated(page, 'services-explorer')
    await auditIslands(page)

    await page.goto(at(lang, '/services/airport'))
    await hydrated(page, 'airport-request')
    await page.locator('.service-choice').first().click()
    await auditIslands(page)

    await page.goto(at(lang, '/'))
    await hydrated(page, 'banner-carousel')
    await hydrated(page, 'review-carousel')
    await auditIslands(page)

    // The blog cards are the generator's HTML, worked by the loader: audited with one open.
    await page.goto(at(lang, '/blogs'))
    const readMore = page.locator('.blog-card .read-more').first()
    await readMore.click()
    await expect(readMore).toHaveAttribute('aria-expanded', 'true')
    await auditIslands(page, '.blog-list')
  })
}
