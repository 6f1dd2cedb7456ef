import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { LANGS, PAGE_TYPE_NAMES, expect, hydrateAll, pagePath, test } from './fixtures'

// Every page type, both languages, at a phone, a tablet and a desktop width, as a first visitor
// sees it (the cookie banner open): axe over the whole page, 44×44 px tap targets, no
// sideways scrolling, and a visible focus ring on every stop of the keyboard's tab order.
const WIDTHS = [375, 768, 1440]

test.use({ consented: false })

/** Controls smaller than 44×44 CSS px. Links inside running text are exempt (WCAG 2.5.5). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()
    const inRunningText = (el: Element) => {
      const block = el.parentElement?.closest('p, li, dd, dt, td, th, blockquote, figcaption, h1, h2, h3, h4, h5, h6, label, legend')
      return !!block && squash(block.textContent) !== squash(el.textContent)
    }
    const small: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')) {
      if (el.matches('input[type="hidden"]') || !el.checkVisibility({ visibilityProperty: true })) continue
      // A radio or checkbox (or an input drawn by its label) is tapped through its label.
      const drawnByLabel = el.matches('input[type="radio"], input[type="checkbox"]') || getComputedStyle(el).opacity === '0'
      const target = drawnByLabel ? (el.closest('label') ?? el) : el
      if (el.matches('a') && inRunningText(el)) continue
      // The skip link is off screen until it has focus.
      if (el.matches('.skip-link')) continue
      const box = target.getBoundingClientRect()
      if (box.width < 44 || box.height < 44) {
        small.push(`${target.outerHTML.replace(/\s+/g, ' ').slice(0, 90)} ${Math.round(box.width)}×${Math.round(box.height)}`)
      }
    }
    return small
  })
}

declare global {
  interface Window {
    focusWalk?: { stops: { html: string; ring: boolean; visible: boolean }[]; seen: Set<Element>; done: boolean }
  }
}

/**
 * Tabs through the page; lists each stop whose focus is not drawn (a 2 px outline at least).
 * The page records each stop as it takes focus (a `focusin` listener), so the keys are pressed
 * in batches and the record read once a batch: a round trip per key instead of two.
 */
async function unfocusedStops(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
    const first = !window.focusWalk
    window.focusWalk = { stops: [], seen: new Set(), done: false }
    if (!first) return
    document.addEventListener(
      'focusin',
      (event) => {
        const walk = window.focusWalk!
        const el = event.target as HTMLElement
        if (walk.done) return
        // Back at a stop already seen: the tab order has come round.
        if (walk.seen.has(el)) {
          walk.done = true
          return
        }
        walk.seen.add(el)
        // An input drawn by its label shows focus on the label.
        const drawn = getComputedStyle(el).opacity === '0' ? (el.closest('label') ?? el) : el
        const style = getComputedStyle(drawn)
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
        walk.stops.push({ html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 90), ring, visible: el.matches(':focus-visible') })
      },
      true,
    )
  })
  for (let pressed = 0; pressed < 300; pressed += 12) {
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab')
    if (await page.evaluate(() => window.focusWalk!.done)) break
  }
  const stops = await page.evaluate(() => window.focusWalk!.stops)
  expect(stops.length, 'the tab order has stops').toBeGreaterThan(3)
  return stops.filter((stop) => !stop.ring || !stop.visible).map((stop) => stop.html)
}

for (const lang of LANGS) {
  for (const type of PAGE_TYPE_NAMES) {
    test(`${type} (${lang}): axe, tap targets, no sideways scroll, visible focus at ${WIDTHS.join(', ')} px`, async ({ page, problems }) => {
      test.setTimeout(120_000)
      const path = await pagePath(page, type, lang)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 1000 ? 812 : 900 })
        await page.goto(path)
        await hydrateAll(page)
        await expect(page.locator('.cookie-banner')).toBeVisible()
        const at = `${path} at ${width} px`

        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        expect.soft(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe ${at}`).toEqual([])
        expect.soft(await smallTargets(page), `tap targets ${at}`).toEqual([])
        const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, view: innerWidth }))
        expect.soft(widths.scroll, `sideways scroll ${at}`).toBeLessThanOrEqual(widths.view)
        expect.soft(await unfocusedStops(page), `focus ${at}`).toEqual([])
      }
      // The missing page answers 404, which the browser reports.
      if (type === 'not-found') problems.splice(0, problems.length, ...problems.filter((p) => !/status of 404/.test(p)))
    })
  }
}
