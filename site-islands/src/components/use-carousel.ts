import { useCallback, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react'

/** Cards per view by viewport width: the first rule whose `maxWidth` fits, else `otherwise`. */
export interface PerViewRules {
  rules: ReadonlyArray<{ maxWidth: number; perView: number }>
  otherwise: number
}

/** Specification section 9: 1 card up to 768px, 2 up to 1024px, 6 otherwise. */
export const SERVICE_CARDS: PerViewRules = {
  rules: [
    { maxWidth: 768, perView: 1 },
    { maxWidth: 1024, perView: 2 },
  ],
  otherwise: 6,
}

export function perViewFor(width: number, { rules, otherwise }: PerViewRules): number {
  return rules.find((rule) => width <= rule.maxWidth)?.perView ?? otherwise
}

/** The furthest start index that still fills the view. */
export function lastStart(count: number, perView: number): number {
  return Math.max(0, count - perView)
}

const noop = () => {}

/**
 * Cards per view for the current viewport, tracked with matchMedia. The server (and the
 * hydration pass) see `null`: the markup then leaves the count to CSS.
 */
export function usePerView(config: PerViewRules): number | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window.matchMedia !== 'function') return noop
      const lists = config.rules.map((rule) => window.matchMedia(`(max-width: ${rule.maxWidth}px)`))
      lists.forEach((list) => list.addEventListener('change', notify))
      return () => lists.forEach((list) => list.removeEventListener('change', notify))
    },
    [config],
  )
  const snapshot = () => {
    if (typeof window.matchMedia !== 'function') return perViewFor(window.innerWidth, config)
    const rule = config.rules.find((r) => window.matchMedia(`(max-width: ${r.maxWidth}px)`).matches)
    return rule?.perView ?? config.otherwise
  }
  return useSyncExternalStore(subscribe, snapshot, () => null)
}

const SWIPE_MIN_PX = 40

export interface Carousel {
  index: number
  perView: number | null
  canPrev: boolean
  canNext: boolean
  /** "off" until the visitor moves the carousel, then "polite" (no announcements on load). */
  live: 'off' | 'polite'
  prev: () => void
  next: () => void
  goTo: (index: number) => void
  reset: () => void
  /** Whether slide `i` is in view (always true before the view size is known). */
  inView: (i: number) => boolean
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onPointerDown: (event: PointerEvent<HTMLElement>) => void
  onPointerUp: (event: PointerEvent<HTMLElement>) => void
}

/** Index, bounds, keyboard (arrows follow the reading direction, Home, End) and swipe. */
export function useCarousel(count: number, config: PerViewRules): Carousel {
  const perView = usePerView(config)
  const [wanted, setWanted] = useState(0)
  const [live, setLive] = useState<'off' | 'polite'>('off')
  const start = useRef<{ x: number; y: number } | null>(null)
  const maxIndex = lastStart(count, perView ?? 1)
  const index = Math.min(wanted, maxIndex)

  const goTo = useCallback(
    (target: number) => {
      setLive('polite')
      setWanted(Math.max(0, Math.min(target, maxIndex)))
    },
    [maxIndex],
  )
  const prev = useCallback(() => goTo(index - 1), [goTo, index])
  const next = useCallback(() => goTo(index + 1), [goTo, index])
  const reset = useCallback(() => {
    setLive('off')
    setWanted(0)
  }, [])

  const isRtl = (el: HTMLElement) => getComputedStyle(el).direction === 'rtl'

  return {
    index,
    perView,
    canPrev: index > 0,
    canNext: index < maxIndex,
    live,
    prev,
    next,
    goTo,
    reset,
    inView: (i) => perView === null || (i >= index && i < index + perView),
    onKeyDown: (event) => {
      const forward = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight'
      const backward = isRtl(event.currentTarget) ? 'ArrowRight' : 'ArrowLeft'
      const moves: Record<string, () => void> = {
        [forward]: next,
        [backward]: prev,
        Home: () => goTo(0),
        End: () => goTo(maxIndex),
      }
      const move = moves[event.key]
      if (move) {
        event.preventDefault()
        move()
      }
    },
    onPointerDown: (event) => {
      start.current = { x: event.clientX, y: event.clientY }
    },
    onPointerUp: (event) => {
      const from = start.current
      start.current = null
      if (!from) return
      const dx = event.clientX - from.x
      const dy = event.clientY - from.y
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return
      const towardsStart = isRtl(event.currentTarget) ? dx < 0 : dx > 0
      if (towardsStart) prev()
      else next()
    },
  }
}
