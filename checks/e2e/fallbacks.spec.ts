import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Fallbacks } from './fallback-site'
import { expect, hydrateAll, test } from './fixtures'

// English fallbacks on Arabic pages (issue 53): on the site whose Arabic twins of one item of
// each kind are empty (fallback-site.ts), every English text an Arabic page shows is set as
// English: its computed direction is ltr, its last character (the full stop) is the rightmost
// of its line, and a block that starts its lines at the start starts them at the left. The
// pages are photographed for looking at (in /tmp/shots-ssg, never in the repository).

const SHOTS = '/tmp/shots-ssg'
const fallbacks = JSON.parse(process.env.E2E_FALLBACK ?? 'null') as Fallbacks

test.use({ baseURL: process.env.E2E_FALLBACK_URL })

type Item = Record<string, string | number | null>

async function api<T = Item>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, { headers: { 'x-api-key': process.env.E2E_API_KEY! } })
  expect(response.status(), path).toBe(200)
  const body = (await response.json()) as { responseBody: T[] | { result: T[] } }
  return (Array.isArray(body.responseBody) ? body.responseBody[0] : body.responseBody.result) as T
}

/** The first paragraph's text of stored rich text. */
const firstParagraph = (html: string) => (html.match(/<p>(.*?)<\/p>/)?.[1] ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')

/** Each page, and the English texts it must show marked (the emptied items' English fields). */
async function pages(page: Page): Promise<Record<string, { path: string; texts: string[] }>> {
  const service = await api(page, `/our-services/${fallbacks.service}`)
  const items = await api<Item[]>(page, `/list-of-services/display-order/${fallbacks.service}`)
  const blog = await api(page, `/blog/${fallbacks.blog.id}`)
  const review = await api(page, `/client-reviewes/${fallbacks.review}`)
  const banner = await api(page, `/flashy-banner/get-flashy-banner-by-id/${fallbacks.banner}`)
  const strings = Object.fromEntries(
    (await api<Item[]>(page, '/general-content-section?size=100')).map((e) => [e.name, String(e.values)]),
  )
  const [name, description, content] = [service.name, service.description, service.content].map(String)
  const itemTexts = items.flatMap((i) => [String(i.name), String(i.description)])
  const tagline = strings['footer.tagline']
  return {
    home: {
      path: '/ar/',
      texts: [strings['home.hero.subtitle'], String(banner.title), String(review.description), name, description, String(blog.name), tagline],
    },
    services: { path: '/ar/services', texts: [name, content, ...itemTexts, tagline] },
    service: { path: `/ar/services/${fallbacks.service}`, texts: [name, description, content, ...itemTexts, strings['contact.promise'], tagline] },
    blogs: { path: '/ar/blogs', texts: [String(blog.name), tagline] },
    article: { path: `/ar/${fallbacks.blog.slug}/${fallbacks.blog.id}`, texts: [String(blog.name), firstParagraph(String(blog.description)), tagline] },
    contact: { path: '/ar/contact-us', texts: [strings['contact.promise'], tagline] },
  }
}

interface Report {
  /** Expected English texts not found, or found outside an element marked English. */
  unmarked: string[]
  /** Marked elements set right to left, their last character not at the end, or their lines not starting at the left. */
  misplaced: string[]
  /** How many elements were measured (marked English, or showing an expected text). */
  measured: number
}

/** In the page: finds each of `texts` and measures every element marked English. */
function inspect(texts: string[]): Report {
  const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()
  const describe = (el: Element) => `<${el.localName} class="${el.getAttribute('class') ?? ''}"> ${squash(el.textContent).slice(0, 60)}`
  const unmarked: string[] = []
  const elements = [...document.body.querySelectorAll('*')]
  // What is measured: every element marked English, and every element that shows an expected text.
  const measure = new Set<Element>(document.body.querySelectorAll('[lang="en"][dir="ltr"]'))
  for (const text of texts) {
    // The innermost elements that show the text (a card's preview shows its opening).
    const showing = elements.filter((el) => {
      const own = squash(el.textContent)
      return (own === squash(text) || (own.endsWith('…') && squash(text).startsWith(own.slice(0, -1).trim()))) && ![...el.children].some((c) => squash(c.textContent) === own)
    })
    if (showing.length === 0) unmarked.push(`not shown: ${text.slice(0, 60)}`)
    for (const el of showing) {
      measure.add(el)
      if (el.closest('[lang]')?.getAttribute('lang') !== 'en' || el.closest('[dir]')?.getAttribute('dir') !== 'ltr') unmarked.push(`unmarked: ${describe(el)}`)
    }
  }

  const textRects = (el: Element) => {
    const rects: DOMRect[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0))
    }
    return rects
  }
  /** The rect of the last (or first) visible character of `el`'s text. */
  const charRect = (el: Element, last: boolean): DOMRect | null => {
    const nodes: Text[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node.textContent ?? '').trim()) nodes.push(node as Text)
    const node = last ? nodes.at(-1) : nodes[0]
    if (!node) return null
    const data = node.data
    const at = last ? data.trimEnd().length - 1 : data.length - data.trimStart().length
    const range = document.createRange()
    range.setStart(node, at)
    range.setEnd(node, at + 1)
    return [...range.getClientRects()].find((r) => r.width > 0) ?? null
  }

  const misplaced: string[] = []
  let measured = 0
  for (const el of measure) {
    if (!el.checkVisibility() || !squash(el.textContent)) continue
    const rects = textRects(el)
    const last = charRect(el, true)
    const first = charRect(el, false)
    if (rects.length === 0 || !last || !first) continue
    measured += 1
    const style = getComputedStyle(el)
    if (style.direction !== 'ltr') misplaced.push(`direction ${style.direction}: ${describe(el)}`)
    // The last character ends its line: nothing of the text is to its right on that line.
    // (Its line: the rects across the middle of the character; the glyphs of lines set close
    // together overlap.)
    const middle = (last.top + last.bottom) / 2
    const line = rects.filter((r) => r.top < middle && r.bottom > middle)
    const end = Math.max(...line.map((r) => r.right))
    if (last.right < end - 1) misplaced.push(`last character at ${Math.round(last.right)}, its line ends at ${Math.round(end)}: ${describe(el)}`)
    // A block set from its start begins at its left edge.
    const block = !style.display.startsWith('inline')
    if (block && (style.textAlign === 'start' || style.textAlign === 'left')) {
      const box = el.getBoundingClientRect()
      const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
      if (Math.abs(first.left - left) > 2) misplaced.push(`first line starts at ${Math.round(first.left)}, not at ${Math.round(left)}: ${describe(el)}`)
    }
  }
  return { unmarked, misplaced, measured }
}

test.describe('English fallbacks on Arabic pages', () => {
  test.beforeAll(() => {
    expect(fallbacks, 'global-setup made the fallback site').not.toBeNull()
    mkdirSync(SHOTS, { recursive: true })
  })

  for (const name of ['home', 'services', 'service', 'blogs', 'article', 'contact']) {
    test(`${name}: each runs left to right and ends at its end`, async ({ page }) => {
      test.setTimeout(90_000)
      const { path, texts } = (await pages(page))[name]
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      await hydrateAll(page)
      if (name === 'services') {
        // The explorer shows the chosen service: the one without Arabic.
        const tab = page.locator(`.service-tab[href$="/services/${fallbacks.service}"]`)
        await tab.click()
        await expect(tab).toHaveAttribute('aria-selected', 'true')
      }
      if (name === 'article') {
        await expect(page.locator('.article-body')).toHaveAttribute('lang', 'en')
        await expect(page.locator('.article-hero img')).toHaveAttribute('lang', 'en')
      }

      const report = await page.evaluate(inspect, texts)
      const width = page.viewportSize()!.width
      await page.screenshot({ path: `${SHOTS}/${name}-ar-${width}.png`, fullPage: true })
      expect.soft(report.unmarked, `${path} at ${width} px`).toEqual([])
      expect.soft(report.misplaced, `${path} at ${width} px`).toEqual([])
      expect(report.measured, 'English blocks measured').toBeGreaterThanOrEqual(texts.length - 1)
    })
  }
})
