//! Blog cards, which the generator writes as plain HTML (`ssg/templates/partials/blog-cards.html`):
//! Read More shows a card's whole text in place and Read Less its preview again, and a click
//! anywhere on a card but its own controls opens the article, as its title link does. One
//! listener for the page: nothing runs until a click, and no React loads for a listing.

/** Read More: the whole text (the paragraph's `data-full`); Read Less: the preview again. */
function toggle(button: HTMLButtonElement): void {
  const text = document.getElementById(button.getAttribute('aria-controls') ?? '')
  const full = text?.dataset.full
  if (!text || full === undefined) return
  const expand = button.getAttribute('aria-expanded') !== 'true'
  if (expand) {
    text.dataset.preview ??= text.textContent ?? ''
    text.textContent = full
  } else {
    text.textContent = text.dataset.preview ?? text.textContent
  }
  button.setAttribute('aria-expanded', String(expand))
}

/** The page's click listener for blog cards (the loader adds it). */
export function onCardClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || !(event.target instanceof Element)) return
  const target = event.target
  const readMore = target.closest<HTMLButtonElement>('.blog-card button.read-more')
  if (readMore) return toggle(readMore)
  const card = target.closest('.blog-card.is-clickable')
  if (!card || target.closest('a, button') || window.getSelection()?.toString()) return
  const link = card.querySelector<HTMLAnchorElement>('.card-title a[href]')
  if (!link) return
  // As a link does: Ctrl or Cmd opens the article in a new tab.
  if (event.ctrlKey || event.metaKey) window.open(link.href, '_blank', 'noopener')
  else window.location.assign(link.href)
}
