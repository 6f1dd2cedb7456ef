import { useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowIcon } from '../../components/icons'
import { Picture, type PictureData } from '../../components/picture'
import { truncate } from '../../lib/text'

export interface BlogCard {
  id: number
  name: string
  /** The description's whole plain text (the generator's `CardView.text`). */
  text: string
  image: PictureData
  url: string
  date: string
}

/** Specification section 9: the preview truncates at 200 characters; Read More shows the whole text. */
export const PREVIEW_LENGTH = 200

/** `/blogs`: article cards; the whole card leads to the article, Read More expands in place. */
export default function BlogList({ cards }: { cards: BlogCard[] }) {
  // Once for the list, not once a card: each `useTranslation` copies the i18n instance, and
  // twelve copies were a fifth of a listing page's server render.
  const { t } = useTranslation()
  const labels = { more: t('blogs.readMore'), less: t('blogs.readLess') }
  return (
    <ul className="card-grid blog-grid blog-list">
      {cards.map((card) => (
        <BlogCardItem key={card.id} card={card} labels={labels} />
      ))}
    </ul>
  )
}

function BlogCardItem({ card, labels }: { card: BlogCard; labels: { more: string; less: string } }) {
  const [expanded, setExpanded] = useState(false)
  const preview = truncate(card.text, PREVIEW_LENGTH)
  const long = preview !== card.text
  const textId = `blog-${card.id}-text`

  /** A click anywhere on the card but its own controls opens the article (like its title link). */
  function openArticle(event: MouseEvent<HTMLLIElement>) {
    const target = event.target as Element
    if (target.closest('a, button') || window.getSelection()?.toString()) return
    window.location.assign(card.url)
  }

  return (
    <li className="card blog-card is-clickable" onClick={openArticle}>
      <a className="card-media" href={card.url} tabIndex={-1} aria-hidden="true">
        <Picture image={card.image} />
      </a>
      <div className="card-body">
        {card.date && <span className="card-date">{card.date}</span>}
        <h2 className="card-title">
          <a href={card.url}>{card.name}</a>
        </h2>
        <p className="card-text" id={textId}>
          {expanded || !long ? card.text : preview}
        </p>
        {long && (
          <button type="button" className="read-more" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
            {expanded ? labels.less : labels.more}
            <ArrowIcon className={`icon ${expanded ? 'icon-up' : 'icon-down'}`} />
          </button>
        )}
      </div>
    </li>
  )
}
