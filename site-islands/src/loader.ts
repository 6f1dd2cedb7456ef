//! The islands' client loader, on every page that has islands (ISLANDS.md). Tiny and free of
//! React: it decides *when* each island hydrates (visible: IntersectionObserver; idle:
//! requestIdleCallback), then loads React and the island's chunk. It also loads the tag
//! manager after consent, turns "Cookie settings" links into the consent banner, and works the
//! blog cards' Read More (`lib/cards.ts`).
import './styles/fonts.css'
import { onCardClick } from './lib/cards'
import { islandConfig } from './lib/config'
import { loadTagManagerIfConsented, readConsent, requestConsentBanner, setConsentBannerWake } from './lib/consent'
import { ISLANDS, isIslandName, type IslandName } from './registry'

const started = new WeakSet<HTMLElement>()

function hydrate(element: HTMLElement, name: IslandName): void {
  if (started.has(element)) return
  started.add(element)
  import('./hydrate')
    .then(({ hydrateIsland }) => hydrateIsland(element, name))
    .catch((error: unknown) => console.error(`Island ${name} failed to load:`, error))
}

function whenVisible(element: HTMLElement, run: () => void): void {
  if (!('IntersectionObserver' in window)) return run()
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        run()
      }
    },
    { rootMargin: '200px' },
  )
  observer.observe(element)
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 200)
}

function start(): void {
  const config = islandConfig()
  loadTagManagerIfConsented(config.gtmId)

  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island
    if (!isIslandName(name)) {
      console.error(`Unknown island "${name}": rebuild the site with the current site-islands.`)
      continue
    }
    const run = () => hydrate(element, name)
    if (name === 'cookie-consent') {
      setConsentBannerWake(run)
      // A visitor who has chosen sees no banner: nothing to run until they ask for it.
      if (readConsent() !== null) continue
    }
    const strategy = element.dataset.hydrate === 'idle' || element.dataset.hydrate === 'visible' ? element.dataset.hydrate : ISLANDS[name].hydrate
    if (strategy === 'visible') whenVisible(element, run)
    else whenIdle(run)
  }

  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-cookie-settings]') : null
    if (!link || !document.querySelector('[data-island="cookie-consent"]')) return
    event.preventDefault()
    requestConsentBanner()
  })
}

// At once, not after the first paint: it costs nothing until a click, and a visitor's first
// click on a card must not be lost.
document.addEventListener('click', onCardClick)

/**
 * Runs after the page's first paint (a task queued from the frame that paints it), so no island
 * starts fetching React while the first screen is still being drawn.
 */
function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0))
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => afterFirstPaint(start), { once: true })
else afterFirstPaint(start)
