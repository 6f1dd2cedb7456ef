import { createElement, type AllHTMLAttributes, type ReactNode } from 'react'
import { langAttributes, textOf, type Localized } from '../lib/localized'

type Props = Omit<AllHTMLAttributes<HTMLElement>, 'lang' | 'dir' | 'children'> & {
  text: Localized
  /** The element that holds the text (none: the bare text, or a `<span>` when it is foreign). */
  as?: keyof HTMLElementTagNameMap
  /** What the element holds, made from the text, when it is more than the text (`<p>` inside a `<blockquote>`). */
  children?: (text: string) => ReactNode
}

/**
 * A {@link Localized} text in an element of its language: `<LangText as="h3" className="item-title"
 * text={item.name} />` writes `<h3 class="item-title" lang="en" dir="ltr">` for an English
 * fallback on an Arabic page, so its punctuation and alignment follow English, and exactly
 * `<h3 class="item-title">` otherwise. The same on the server and in the browser (no hydration
 * mismatch), and the same marking as the templates' (`ssg/src/localized`).
 */
export function LangText({ text, as, children, ...attributes }: Props) {
  const marking = langAttributes(text)
  const content = children ? children(textOf(text)) : textOf(text)
  const Element = as ?? (marking.lang ? 'span' : null)
  if (Element === null) return <>{content}</>
  return createElement(Element, { ...attributes, ...marking }, content)
}
