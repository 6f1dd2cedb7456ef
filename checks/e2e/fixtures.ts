import { readFileSync } from 'node:fs'
import { test as base, expect, type Page } from '@playwright/test'

export { expect }

export const LANGS = ['en', 'ar'] as const
export type Lang = (typeof LANGS)[number]

/** The page's path in `lang` (Arabic under /ar). */
export function at(lang: Lang, path: string): string {
  if (lang === 'en') return path
  return path === '/' ? '/ar/' : `/ar${path}`
}

type Text = { en: string; ar: string }
type FieldRule = { name: string; required?: Text; invalid?: Text }
const rulesTable = JSON.parse(readFileSync(new URL('../../rules/forms.json', import.meta.url), 'utf8')) as {
  forms: Record<string, { fields: FieldRule[] }>
}

/** A form's messages in `lang`, from the one table of rules (rules/forms.json), by field. */
export function messagesOf(form: string, lang: Lang): Record<string, { required: string; invalid: string }> {
  return Object.fromEntries(
    rulesTable.forms[form].fields.map((f) => [f.name, { required: f.required?.[lang] ?? '', invalid: f.invalid?.[lang] ?? '' }]),
  )
}

/** The shared string tables, as the site serves them to the islands. */
export async function stringsOf(page: Page, lang: Lang): Promise<Strings> {
  const url = await page.evaluate(() => JSON.parse(document.getElementById('island-config')!.textContent!).strings as string)
  expect(url).toContain(`/${lang}-`)
  return (await (await page.request.get(url)).json()) as Strings
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Strings = Record<string, any>

/** Waits until the named island has hydrated (the loader marks its wrapper). */
export async function hydrated(page: Page, island: string): Promise<void> {
  await page.locator(`[data-island="${island}"]`).first().scrollIntoViewIfNeeded()
  await expect(page.locator(`[data-island="${island}"][data-hydrated]`).first()).toBeAttached()
}

/** The admin API, to check what visitors' forms stored. */
export async function adminGet(page: Page, path: string): Promise<unknown> {
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { 'x-api-key': process.env.E2E_API_KEY!, authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
  })
  expect(response.status()).toBe(200)
  return response.json()
}

interface Fixtures {
  /** Problems the page reported: console errors, hydration warnings, uncaught exceptions. */
  problems: string[]
  /** A visitor who already chose about cookies (the banner stays closed). */
  consented: boolean
}

export const test = base.extend<Fixtures>({
  consented: [true, { option: true }],
  problems: [
    async ({ page, consented }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(text))) {
          problems.push(`console.${message.type()}: ${text}`)
        }
      })
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
      // The tag manager is never fetched for real: an empty script stands in for it.
      await page.route(/googletagmanager\.com/, (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
      )
      if (consented) await page.addInitScript(() => localStorage.setItem('concierge.consent', 'rejected'))
      await use(problems)
      expect(problems, 'the page logged problems').toEqual([])
    },
    { auto: true },
  ],
})

/** Removes problems a test provokes on purpose (e.g. the browser logging a failed request). */
export function expectProblems(problems: string[], pattern: RegExp): void {
  expect(problems.some((p) => pattern.test(p)), `expected a problem matching ${pattern}`).toBe(true)
  const rest = problems.filter((p) => !pattern.test(p))
  problems.splice(0, problems.length, ...rest)
}

/** One page of every type (the blog article is looked up: see `pageTypes`). */
const PAGE_TYPES: Record<string, string> = {
  home: '/',
  about: '/about',
  services: '/services',
  service: '/services/1',
  destinations: '/destinations',
  destination: '/destinations/alula',
  airport: '/services/airport',
  partnership: '/partnership',
  contact: '/contact-us',
  privacy: '/privacy-policy',
  terms: '/terms-services',
  cookies: '/cookies-policy',
  blogs: '/blogs',
  article: '',
  'not-found': '/no-such-page',
}
export const PAGE_TYPE_NAMES = Object.keys(PAGE_TYPES)

/** The path of a page type in `lang`; the article is the newest published blog. */
export async function pagePath(page: Page, type: string, lang: Lang): Promise<string> {
  if (type !== 'article') return at(lang, PAGE_TYPES[type])
  const response = await page.request.get('/api/v1/blog?size=1', { headers: { 'x-api-key': process.env.E2E_API_KEY! } })
  const blog = ((await response.json()) as { responseBody: { result: { slug: string; id: number }[] } }).responseBody.result[0]
  return at(lang, `/${blog.slug}/${blog.id}`)
}

/** Scrolls through the page so islands below the fold hydrate, and waits until they have. */
export async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(innerHeight * 0.8)) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 30))
    }
  })
  const islands = page.locator('[data-island]:not([data-island="cookie-consent"])')
  for (let i = 0, n = await islands.count(); i < n; i += 1) {
    // Scrolled by the page itself, not by `scrollIntoViewIfNeeded`: that first waits for the
    // element to hold still over two animation frames, and a renderer that paints no frame for
    // a while (a loaded CI host) left it waiting out the whole test (cookies (en), 45 s). What
    // is checked is that the island hydrates once it is in view, which the next line waits for.
    await islands.nth(i).evaluate((island) => island.scrollIntoView({ block: 'center' }))
    await expect(islands.nth(i)).toHaveAttribute('data-hydrated', '')
  }
  await page.evaluate(() => window.scrollTo(0, 0))
}
