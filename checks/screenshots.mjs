// `just screenshots`: every public page type in English and Arabic at 375, 768 and 1440 px,
// and the admin's main screens, as PNGs in screenshots/ (full pages), plus the README's few small
// pictures in docs/screenshots, from a seeded `concierge serve` on a free port. For looking at,
// not for asserting.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, firstBlogPath, root, startDemoSite } from './demo-site.mjs'

const out = resolve(process.argv[2] ?? join(root, 'screenshots'))
const widths = [375, 768, 1440]
const password = 'a velvet rope at dawn'

const { base, stop } = await startDemoSite({ admin: ['shots', password] })
const pages = {
  home: '/', about: '/about', services: '/services', service: '/services/1', destinations: '/destinations', destination: '/destinations/alula', airport: '/services/airport',
  partnership: '/partnership', contact: '/contact-us', privacy: '/privacy-policy', blogs: '/blogs',
  blog: await firstBlogPath(base), 'not-found': '/no-such-page',
}
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
let count = 0
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.addInitScript(() => localStorage.setItem('concierge.consent', 'rejected'))
    for (const lang of ['en', 'ar']) {
      await page.addInitScript((l) => localStorage.setItem('concierge.lang', l), lang)
      for (const [name, path] of Object.entries(pages)) {
        const url = lang === 'ar' ? `/ar${path === '/' ? '' : path}` : path
        await page.goto(base + url, { waitUntil: 'networkidle' })
        // Scroll through once so islands below the fold hydrate before the shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y)
            await new Promise((r) => setTimeout(r, 40))
          }
          window.scrollTo(0, 0)
        })
        await page.waitForTimeout(200)
        await page.screenshot({ path: join(out, `site-${name}-${lang}-${width}.png`), fullPage: true })
        count += 1
      }
    }
    await context.close()
  }
  // The README's pictures (docs/screenshots): the first screen only, small.
  const readme = join(root, 'docs/screenshots')
  mkdirSync(readme, { recursive: true })
  for (const [file, url, lang, viewport, scale] of [
    ['home-en.png', '/', 'en', { width: 1280, height: 800 }, 0.5],
    ['home-ar.png', '/ar', 'ar', { width: 1280, height: 800 }, 0.5],
    ['contact-phone-ar.png', '/ar/contact-us', 'ar', { width: 390, height: 844 }, 1],
  ]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.addInitScript((l) => localStorage.setItem('concierge.lang', l), lang)
    await page.goto(base + url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(readme, file) })
    await context.close()
  }
  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await admin.newPage()
  await page.goto(`${base}/admin/login`, { waitUntil: 'networkidle' })
  await page.screenshot({ path: join(out, 'admin-login-1440.png') })
  count += 1
  await page.getByLabel('User name').fill('shots')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL('**/admin/blogs')
  for (const path of ['blogs', 'addblog', 'servicesDashboard', 'serviceslist', 'contactusdashboard', 'generalContentDashboard', 'content/destination', 'content/destination/new']) {
    await page.goto(`${base}/admin/${path}`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(out, `admin-${path.replaceAll('/', '-')}-1440.png`), fullPage: true })
    count += 1
    if (path === 'blogs') {
      await page.screenshot({ path: join(readme, 'admin-blogs.png') })
    }
  }
  console.log(`screenshots: ${count} pictures in ${out}`)
} finally {
  await browser.close()
  stop()
}
