import type { Page } from '@playwright/test'
import { LANGS, at, expect, hydrated, stringsOf, test } from './fixtures'

interface Service {
  id: number
  name: string
  coming_soon: boolean
  items: { name: string }[]
}

async function servicesOf(page: Page): Promise<Service[]> {
  const props = await page.locator('[data-island="services-explorer"]').getAttribute('data-props')
  return (JSON.parse(props!) as { services: Service[] }).services
}

const expectedPerView = (width: number) => (width <= 768 ? 1 : width <= 1024 ? 2 : 6)

for (const lang of LANGS) {
  test.describe(`services explorer (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(at(lang, '/services'))
      await hydrated(page, 'services-explorer')
    })

    test('selects the first service, then another without a request, resetting the carousel', async ({ page }) => {
      const services = await servicesOf(page)
      expect(services.length).toBeGreaterThan(1)
      const explorer = page.locator('.services-explorer')
      const tabs = explorer.getByRole('tab')
      await expect(tabs).toHaveCount(services.length)
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
      await expect(explorer.locator('.service-panel h2')).toHaveText(services[0].name)

      const requests: string[] = []
      page.on('request', (r) => requests.push(r.url()))
      const next = explorer.locator('.carousel-next')
      if (await next.isEnabled()) {
        await next.click()
        await expect(explorer.locator('.carousel')).toHaveAttribute('style', /--index:\s*1/)
      }
      const second = services[1]
      await tabs.nth(1).click()
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
      await expect(explorer.locator('.service-panel h2')).toHaveText(second.name)
      await expect(explorer.locator('.carousel-slide')).toHaveCount(second.items.length)
      await expect(explorer.locator('.carousel-slide').first()).toHaveAttribute('data-in-view', 'true')
      await expect(explorer.locator('.carousel-prev')).toBeDisabled()
      expect(page.url()).toContain(at(lang, '/services'))
      expect(requests.filter((u) => !/\.(svg|png|jpe?g|webp|avif|woff2?)$/.test(u))).toEqual([])
    })

    test('shows 1, 2 or 6 cards by width, with arrows disabled at the ends', async ({ page }) => {
      const services = await servicesOf(page)
      const explorer = page.locator('.services-explorer')
      const slides = explorer.locator('.carousel-slide')
      const prev = explorer.locator('.carousel-prev')
      const next = explorer.locator('.carousel-next')
      const widths = [page.viewportSize()!.width, 900]
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 })
        const perView = expectedPerView(width)
        const count = services[0].items.length
        await expect(explorer.locator('.carousel-slide[data-in-view="true"]')).toHaveCount(Math.min(perView, count))
        const shown = await slides.evaluateAll((els) => els.filter((el) => {
          const box = el.getBoundingClientRect()
          const view = el.closest('.carousel-viewport')!.getBoundingClientRect()
          return box.left >= view.left - 1 && box.right <= view.right + 1
        }).length)
        expect(shown).toBe(Math.min(perView, count))
        await expect(prev).toBeDisabled()
        const steps = Math.max(0, count - perView)
        if (steps === 0) await expect(next).toBeDisabled()
        for (let i = 0; i < steps; i += 1) {
          await expect(next).toBeEnabled()
          await next.click()
        }
        await expect(next).toBeDisabled()
        if (steps > 0) await expect(prev).toBeEnabled()
        if (steps > 0) {
          await prev.focus()
          await page.keyboard.press('Home')
          await expect(prev).toBeDisabled()
        }
      }
    })

    test('moves with the keyboard and by swiping, in the reading direction', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 })
      const explorer = page.locator('.services-explorer')
      const carousel = explorer.locator('.carousel')
      // The carousel shows one card at this width once it has seen the resize: a key pressed
      // before then moves a carousel of six, which may have nowhere to go.
      await expect(carousel).toHaveAttribute('style', /--per-view:\s*1/)
      await explorer.locator('.carousel-next').focus()
      const forward = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight'
      await page.keyboard.press(forward)
      await expect(carousel).toHaveAttribute('style', /--index:\s*1/)
      await page.keyboard.press(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft')
      await expect(carousel).toHaveAttribute('style', /--index:\s*0/)

      await explorer.locator('.carousel-viewport').scrollIntoViewIfNeeded()
      const box = (await explorer.locator('.carousel-viewport').boundingBox())!
      const y = box.y + box.height / 2
      const [from, to] = lang === 'ar' ? [box.x + 40, box.x + box.width - 40] : [box.x + box.width - 40, box.x + 40]
      await page.mouse.move(from, y)
      await page.mouse.down()
      await page.mouse.move(to, y, { steps: 5 })
      await page.mouse.up()
      await expect(carousel).toHaveAttribute('style', /--index:\s*1/)

      // The tabs follow the arrow keys too.
      const tabs = explorer.getByRole('tab')
      await tabs.first().focus()
      await page.keyboard.press(forward)
      await expect(tabs.nth(1)).toBeFocused()
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
    })

    test('marks Dine In as coming soon on its picker card and on its list cards', async ({ page }) => {
      const t = await stringsOf(page, lang)
      const services = await servicesOf(page)
      const index = services.findIndex((s) => s.coming_soon)
      expect(index, 'the seeded Dine In service is coming soon').toBeGreaterThanOrEqual(0)
      expect(services.filter((s) => s.coming_soon)).toHaveLength(1)
      const tab = page.getByRole('tab').nth(index)
      await expect(tab.locator('.coming-soon')).toHaveText(t.services.comingSoon)
      await expect(page.locator('.service-tab .coming-soon')).toHaveCount(1)
      await expect(page.locator('.service-panel .coming-soon')).toHaveCount(0)
      await tab.click()
      const cards = page.locator('.service-panel .carousel-slide')
      await expect(cards).toHaveCount(services[index].items.length)
      await expect(page.locator('.service-panel .carousel-slide .coming-soon')).toHaveCount(services[index].items.length)
      await expect(cards.first().locator('.coming-soon')).toBeVisible()
    })
  })
}
