import { LANGS, PAGE_TYPE_NAMES, expect, hydrateAll, pagePath, test } from './fixtures'

// Cumulative layout shift of every page type in both languages at a phone and a desktop width,
// from the first paint until every island has hydrated, with the web fonts held back so the
// page first paints in the fallback faces and then swaps: fonts and hydration move nothing.
const WIDTHS = [375, 1440]
const LIMIT = 0.02
const FONT_DELAY_MS = 400

declare global {
  interface Window {
    shifts: { value: number; sources: string[] }[]
  }
}

for (const lang of LANGS) {
  for (const type of PAGE_TYPE_NAMES) {
    test(`${type} (${lang}) shifts less than ${LIMIT} while fonts swap and islands hydrate`, async ({ browser, page }) => {
      const path = await pagePath(page, type, lang)
      for (const width of WIDTHS) {
        // A fresh context each time: nothing cached, fonts fetched again (and delayed).
        const context = await browser.newContext({ viewport: { width, height: 812 }, baseURL: process.env.E2E_BASE_URL })
        try {
          await context.addInitScript(() => {
            localStorage.setItem('concierge.consent', 'rejected')
            window.shifts = []
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
                if (entry.hadRecentInput) continue
                const sources = entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.replace(/\s+/g, ' ').slice(0, 80) : String(s.node?.nodeName)))
                window.shifts.push({ value: entry.value, sources })
              }
            }).observe({ type: 'layout-shift', buffered: true })
          })
          await context.route(/\.woff2$/, async (route) => {
            await new Promise((r) => setTimeout(r, FONT_DELAY_MS))
            await route.continue()
          })
          const tab = await context.newPage()
          await tab.goto(path)
          await hydrateAll(tab)
          await tab.evaluate(() => document.fonts.ready)
          await tab.waitForTimeout(300)
          const shifts = await tab.evaluate(() => window.shifts)
          const total = shifts.reduce((sum, s) => sum + s.value, 0)
          console.log(`CLS ${type} ${lang} ${width}px: ${total.toFixed(4)}`)
          expect(total, `${path} at ${width} px: ${JSON.stringify(shifts, null, 1)}`).toBeLessThan(LIMIT)
        } finally {
          await context.close()
        }
      }
    })
  }
}
