import { LANGS, at, expect, hydrated, stringsOf, test } from './fixtures'

for (const lang of LANGS) {
  test.describe(`home carousels (${lang})`, () => {
    test('banners move one at a time by arrows and dots', async ({ page }) => {
      await page.goto(at(lang, '/'))
      await hydrated(page, 'banner-carousel')
      const t = await stringsOf(page, lang)
      const carousel = page.getByRole('region', { name: t.home.banners.title })
      const slides = carousel.locator('.carousel-slide')
      const count = await slides.count()
      expect(count).toBeGreaterThan(1)
      await expect(carousel.locator('.carousel-slide[data-in-view="true"]')).toHaveCount(1)
      const prev = carousel.getByRole('button', { name: t.services.previous })
      const next = carousel.getByRole('button', { name: t.services.next })
      await expect(prev).toBeDisabled()
      await expect(carousel.locator('.carousel-track')).toHaveAttribute('aria-live', 'off')
      await next.click()
      await expect(slides.nth(1)).toHaveAttribute('data-in-view', 'true')
      await expect(carousel.locator('.carousel-track')).toHaveAttribute('aria-live', 'polite')
      const dots = carousel.locator('.carousel-dot')
      await expect(dots).toHaveCount(count)
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')
      await dots.nth(count - 1).click()
      await expect(next).toBeDisabled()
      await expect(slides.nth(count - 1)).toHaveAttribute('data-in-view', 'true')
      await dots.first().click()
      await expect(prev).toBeDisabled()
    })

    test('reviews show one card on a phone and three on a desktop', async ({ page }) => {
      await page.goto(at(lang, '/'))
      await hydrated(page, 'review-carousel')
      const t = await stringsOf(page, lang)
      const carousel = page.getByRole('region', { name: t.home.reviews.title })
      const count = await carousel.locator('.carousel-slide').count()
      const perView = page.viewportSize()!.width <= 768 ? 1 : 3
      await expect(carousel.locator('.carousel-slide[data-in-view="true"]')).toHaveCount(Math.min(perView, count))
      const next = carousel.getByRole('button', { name: t.services.next })
      for (let i = 0; i < count - perView; i += 1) await next.click()
      await expect(next).toBeDisabled()
    })
  })
}
