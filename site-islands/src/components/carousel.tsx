import { useId, type CSSProperties, type Key, type ReactNode } from 'react'
import { ChevronIcon } from './icons'
import { useCarousel, type PerViewRules } from './use-carousel'

interface CarouselProps<T> {
  items: T[]
  rules: PerViewRules
  /** The region's accessible name. */
  label: string
  prevLabel: string
  nextLabel: string
  itemKey: (item: T) => Key
  /** Each slide's accessible name (also the dot's label). */
  slideLabel: (item: T) => string
  slideClassName?: (item: T) => string
  renderSlide: (item: T, index: number) => ReactNode
  /** One dot per slide, for single-slide carousels. */
  dots?: boolean
  className?: string
}

/**
 * Every carousel of the site: a labelled region whose slides move by one, with previous/next
 * buttons disabled at the ends, arrow keys in the reading direction, swipe, and slides out of
 * view made inert. Announcements stay off until the visitor moves it (aria-live "off" →
 * "polite"); motion is a CSS transition that reduced-motion settings turn off. Without
 * JavaScript the viewport becomes a scrollable row (islands.css, `scripting: none`).
 */
export function Carousel<T>(props: CarouselProps<T>) {
  const { items, rules, label, prevLabel, nextLabel, itemKey, slideLabel, slideClassName, renderSlide, dots, className } = props
  const carousel = useCarousel(items.length, rules)
  const trackId = useId()
  const style = {
    '--index': carousel.index,
    ...(carousel.perView !== null && { '--per-view': carousel.perView }),
  } as CSSProperties

  return (
    <div className={['carousel', className].filter(Boolean).join(' ')} role="region" aria-label={label} style={style} onKeyDown={carousel.onKeyDown}>
      <div className="carousel-viewport" onPointerDown={carousel.onPointerDown} onPointerUp={carousel.onPointerUp}>
        <ul className="carousel-track" id={trackId} aria-live={carousel.live}>
          {items.map((item, i) => (
            <li
              key={itemKey(item)}
              className={['carousel-slide', slideClassName?.(item)].filter(Boolean).join(' ')}
              aria-label={slideLabel(item)}
              inert={!carousel.inView(i)}
              data-in-view={carousel.inView(i)}
            >
              {renderSlide(item, i)}
            </li>
          ))}
        </ul>
      </div>
      {items.length > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-arrow carousel-prev" aria-label={prevLabel} aria-controls={trackId} disabled={!carousel.canPrev} onClick={carousel.prev}>
            <ChevronIcon className="icon icon-flip icon-back" />
          </button>
          {dots && (
            <ol className="carousel-dots">
              {items.map((item, i) => (
                <li key={itemKey(item)}>
                  <button
                    type="button"
                    className="carousel-dot"
                    aria-label={slideLabel(item)}
                    aria-current={i === carousel.index ? 'true' : undefined}
                    aria-controls={trackId}
                    onClick={() => carousel.goTo(i)}
                  />
                </li>
              ))}
            </ol>
          )}
          <button type="button" className="carousel-arrow carousel-next" aria-label={nextLabel} aria-controls={trackId} disabled={!carousel.canNext} onClick={carousel.next}>
            <ChevronIcon />
          </button>
        </div>
      )}
    </div>
  )
}
