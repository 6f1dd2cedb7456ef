import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LangText } from './lang-text'

const html = (element: React.ReactElement) => renderToStaticMarkup(element)

describe('<LangText>', () => {
  it('marks an English fallback with its language and direction, on the element that holds it', () => {
    const text = { text: 'Here is how our team arranges it.', lang: 'en' as const }
    expect(html(<LangText as="p" className="section-intro" text={text} />)).toBe(
      '<p class="section-intro" lang="en" dir="ltr">Here is how our team arranges it.</p>',
    )
    expect(html(<LangText as="blockquote" text={text}>{(t) => <p>{t}</p>}</LangText>)).toBe(
      '<blockquote lang="en" dir="ltr"><p>Here is how our team arranges it.</p></blockquote>',
    )
    expect(html(<p>نص {<LangText text={text} />}</p>)).toBe(
      '<p>نص <span lang="en" dir="ltr">Here is how our team arranges it.</span></p>',
    )
  })

  it('writes a text in the page’s language exactly as a string is written', () => {
    expect(html(<LangText as="h3" className="item-title" text="صف السيارات" />)).toBe(html(<h3 className="item-title">صف السيارات</h3>))
    expect(html(<p>نص <LangText text="كلمة" /></p>)).toBe(html(<p>نص {'كلمة'}</p>))
    expect(html(<LangText as="option" value="DXB" text="مطار دبي" />)).toBe('<option value="DXB">مطار دبي</option>')
  })
})
