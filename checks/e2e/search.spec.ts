import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { LANGS, at, expect, hydrated, test, type Lang } from './fixtures'

/** Site search (issue 56): the search page, from every page's header, over the static index. */

/** The requests to the API a page makes from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api')) seen.push(path)
  })
  return seen
}

async function searchFor(page: Page, query: string) {
  const box = page.locator('input[name="q"]')
  await box.fill(query)
}

const RESULTS = '.site-search-results .site-search-link'

async function openSearch(page: Page, lang: Lang) {
  await page.goto(at(lang, '/about'))
  // Every page's header links the search page, on a phone without opening the menu.
  await page.locator('.site-header .search-link').click()
  await expect(page).toHaveURL(new RegExp(`${at(lang, '/search')}$`))
  await hydrated(page, 'site-search')
}

test.describe('site search', () => {
  test('Arabic is found as Arabic readers write it, with its article or a prefix, and nothing asks the API', async ({ page }, info) => {
    const api = apiRequests(page)
    await openSearch(page, 'ar')
    for (const query of ['الرياض', 'رياض', 'بالرياض']) {
      await searchFor(page, query)
      await expect(page.locator(RESULTS).filter({ has: page.locator(`xpath=self::*[@href="/ar/destinations/riyadh"]`) })).toHaveCount(1)
      await expect(page.locator('.site-search-snippet mark').first()).toBeVisible()
    }
    await expect(page).toHaveURL(/\?q=/)
    await page.screenshot({ path: `../screenshots/search-ar-${info.project.name}.png`, fullPage: true })
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
    expect(violations.map((v) => v.id)).toEqual([])
    expect(api).toEqual([])
  })

  for (const lang of LANGS) {
    test(`nothing found says so and offers a way on (${lang})`, async ({ page }, info) => {
      await openSearch(page, lang)
      await searchFor(page, 'zzqxj')
      const nothing = page.locator('.site-search-nothing')
      await expect(nothing).toBeVisible()
      await expect(nothing.getByRole('link')).toHaveCount(2)
      await expect(nothing.locator(`a[href="${at(lang, '/services')}"]`)).toBeVisible()
      await expect(nothing.locator(`a[href="${at(lang, '/contact-us')}"]`)).toBeVisible()
      await page.screenshot({ path: `../screenshots/search-nothing-${lang}-${info.project.name}.png` })
    })
  }

  test('a blog published a moment ago is found, by its singular too, and a result opens its page', async ({ page }, info) => {
    const tag = `qz${info.project.name.replace(/\W/g, '')}`
    const headers = { 'x-api-key': process.env.E2E_API_KEY!, authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` }
    // A picture of the media library (one a seeded blog shows).
    const listed = (await (await page.request.get('/api/v1/blog?page=1&size=1', { headers })).json()) as {
      responseBody: { result: { image_url: string }[] }
    }
    const response = await page.request.post('/api/v1/blog', {
      headers,
      data: {
        name: `Cellars of the Gulf ${info.project.name}`, display_order: 1, image_url: listed.responseBody.result[0].image_url,
        description: `<p>Our sommeliers (${tag}) choose the wine for a quiet dinner at home.</p>`,
        name_ar: 'أقبية الخليج', description_ar: '<p>نختار النبيذ لعشاء هادئ.</p>',
      },
    })
    expect(response.status()).toBe(201)
    const api = apiRequests(page)
    await openSearch(page, 'en')
    // The plural was written; its singular (and a prefix of it) finds it.
    await expect(async () => {
      await page.reload()
      await hydrated(page, 'site-search')
      await searchFor(page, `${tag} sommelier`)
      await expect(page.locator(RESULTS)).toHaveCount(1, { timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await expect(page.locator('.site-search-results mark').first()).toHaveText(/sommeliers|qz/i)
    await page.screenshot({ path: `../screenshots/search-en-${info.project.name}.png`, fullPage: true })
    // The keyboard reaches the result from the box, and the result opens its page.
    await page.locator('input[name="q"]').press('ArrowDown')
    await expect(page.locator(RESULTS).first()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('h1')).toHaveText(`Cellars of the Gulf ${info.project.name}`)
    expect(api).toEqual([])
  })
})
