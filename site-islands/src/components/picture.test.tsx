import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import fixtures from './picture.fixtures.json'
import { Picture, type PictureData } from './picture'

// Written by the generator's tests from `Picture::html` (ssg/src/picture.rs): what the
// templates write for each picture. The islands must write the same markup.
const cases = fixtures as { case: string; picture: PictureData; className: string | null; html: string }[]

/** Markup as the browser reads it: `<img>` or `<img/>`, quoting and escaping no longer matter. */
function normalised(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.innerHTML
}

describe('<Picture> writes what the templates write', () => {
  it.each(cases.map((c) => [c.case, c] as const))('%s', (_, c) => {
    const html = renderToStaticMarkup(<Picture image={c.picture} className={c.className ?? undefined} />)
    expect(normalised(html)).toBe(normalised(c.html))
  })

  it('the fixture has every optional attribute both present and absent', () => {
    const optional = ['srcset', 'sizes', 'loading', 'fetchpriority', 'background', 'position'] as const
    for (const field of optional) {
      expect(cases.some((c) => c.picture[field] === null), `a case without ${field}`).toBe(true)
      expect(cases.some((c) => c.picture[field] !== null), `a case with ${field}`).toBe(true)
    }
    expect(cases.some((c) => c.picture.sources.length === 0), 'a plain <img>').toBe(true)
    expect(cases.some((c) => c.picture.sources.length > 0), 'a <picture>').toBe(true)
    expect(cases.some((c) => c.picture.lang === undefined), 'an alt text in the page’s language').toBe(true)
    expect(cases.some((c) => c.picture.lang === 'en'), 'an English alt text on an Arabic page').toBe(true)
    expect(cases.some((c) => c.className === null), 'a case without a class').toBe(true)
    expect(cases.some((c) => c.className !== null), 'a case with a class').toBe(true)
  })

  it('puts draggable (the carousels’) after the class and before the style', () => {
    const c = cases.find((c) => c.className !== null && c.picture.background !== null)!
    const template = document.createElement('template')
    template.innerHTML = renderToStaticMarkup(<Picture image={c.picture} className="x" draggable={false} />)
    const img = template.content.querySelector('img')!
    const names = img.getAttributeNames()
    expect(img.getAttribute('draggable')).toBe('false')
    expect(names.slice(names.indexOf('class'))).toEqual(['class', 'draggable', 'style'])
  })
})
