import { LANGS, expect, pagePath, test } from './fixtures'

// The images the generator computes (ssg/src/picture.rs), as the templates' picture() and the
// islands' <Picture> write them: each at its real size (no layout shift, whatever the artwork's
// shape), lazy unless it is the page's largest image above the fold (then fetched first), decoded
// off the main thread. The demo's artwork is SVG, so it is a plain <img> without variants; a
// photograph would be a <picture> whose <source>s share the <img>'s sizes.
const PICTURES = [
  '.service-hero .split-media img',
  '.item-card img',
  '.card-media img',
  '.article-hero img',
  '.banner img',
  '.review figcaption img',
  '.service-tab-media img',
].join(', ')

/** The pages that show such images, and the one image each fetches first (if any). */
const PAGES: Record<string, string | null> = {
  home: null,
  services: null,
  service: '.service-hero .split-media img',
  blogs: null,
  article: '.article-hero img',
}

interface Shown {
  html: string
  width: string | null
  height: string | null
  natural: [number, number]
  alt: string | null
  decoding: string | null
  loading: string | null
  fetchpriority: string | null
  srcset: boolean
  sourcesSized: boolean
  first: boolean
}

for (const lang of LANGS) {
  for (const [type, first] of Object.entries(PAGES)) {
    test(`${type} (${lang}): images at their real size, lazy but for the one fetched first`, async ({ page }) => {
      await page.goto(await pagePath(page, type, lang))
      const shown: Shown[] = await page.evaluate(
        async ({ selector, first }) =>
          Promise.all(
            [...document.querySelectorAll<HTMLImageElement>(selector)].map(async (img) => {
              // Lazy images out of view (carousels) are not loaded: load each file aside.
              const probe = new Image()
              probe.src = img.getAttribute('src')!
              await probe.decode()
              const sources = [...(img.parentElement?.matches('picture') ? img.parentElement.querySelectorAll('source') : [])]
              return {
                html: img.outerHTML.replace(/\s+/g, ' ').slice(0, 160),
                width: img.getAttribute('width'),
                height: img.getAttribute('height'),
                natural: [probe.naturalWidth, probe.naturalHeight] as [number, number],
                alt: img.getAttribute('alt'),
                decoding: img.getAttribute('decoding'),
                loading: img.getAttribute('loading'),
                fetchpriority: img.getAttribute('fetchpriority'),
                srcset: img.hasAttribute('srcset'),
                sourcesSized: sources.every((s) => s.getAttribute('sizes') === img.getAttribute('sizes')),
                first: first !== null && img.matches(first),
              }
            }),
          ),
        { selector: PICTURES, first },
      )
      expect(shown.length, 'the page shows images').toBeGreaterThan(0)
      if (first) expect(shown.filter((s) => s.first), `${first} is on the page`).toHaveLength(1)

      for (const s of shown) {
        // Every image says what it shows, in the page's language, or is marked as decoration.
        expect.soft(s.alt, `${s.html}: an alt attribute`).not.toBeNull()
        expect.soft(s.decoding, s.html).toBe('async')
        if (s.first) {
          expect.soft(s.loading, `${s.html}: fetched at once`).toBeNull()
          expect.soft(s.fetchpriority, `${s.html}: fetched first`).toBe('high')
        } else {
          expect.soft(s.loading, `${s.html}: lazy`).toBe('lazy')
          expect.soft(s.fetchpriority, `${s.html}: not fetched first`).toBeNull()
        }
        expect.soft(s.sourcesSized, `${s.html}: its <source>s share its sizes`).toBe(true)

        // Its real size: a single file's own size; a variant's (the fallback of a srcset) shape.
        const [width, height] = [Number(s.width), Number(s.height)]
        expect.soft(width > 0 && height > 0, `${s.html}: width and height`).toBe(true)
        if (s.srcset) {
          expect.soft(Math.abs(width / height - s.natural[0] / s.natural[1]), `${s.html}: the shape of ${s.natural.join('×')}`).toBeLessThan(0.01 * (width / height))
        } else {
          expect.soft([width, height], `${s.html}: its file's size`).toEqual(s.natural)
        }
      }
    })
  }
}

// The demo's blog illustrations have words in the media library, in both languages: the
// article's hero and every blog card say what they show in the page's language.
const LETTERS = { en: /[A-Za-z]{3}/, ar: /[\u0600-\u06FF]{3}/ } as const

for (const lang of LANGS) {
  test(`blog images (${lang}): their alt text is the media library's, in the page's language`, async ({ page }) => {
    await page.goto(await pagePath(page, 'article', lang))
    const hero = await page.locator('.article-hero img').getAttribute('alt')
    expect(hero).toMatch(LETTERS[lang])
    if (lang === 'ar') expect(hero).not.toMatch(/[A-Za-z]/)
    await page.goto(await pagePath(page, 'blogs', lang))
    const cards = await page.locator('.card-media img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''))
    expect(cards.length).toBeGreaterThan(0)
    for (const alt of cards) expect(alt).toMatch(LETTERS[lang])
    expect(cards).toContain(hero)
  })
}
