import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { onCardClick } from './cards'

const whole = `${'A considered arrival begins long before landing. '.repeat(20)}The end.`
const preview = 'A considered arrival begins long before landing. A considered arrival begins long before landing. A considered arrival begins long before landing. A considered arrival begins long before landing…'

/** Two cards as `ssg/templates/partials/blog-cards.html` writes them: a long text and a short one. */
function cards(): void {
  document.body.innerHTML = `
    <ul class="card-grid blog-grid blog-list">
      <li class="card blog-card is-clickable">
        <a class="card-media" href="/arriving-in-riyadh/1" tabindex="-1" aria-hidden="true"><img src="/media/blog.svg" alt=""></a>
        <div class="card-body">
          <span class="card-date">21 November 2026</span>
          <h2 class="card-title"><a href="/arriving-in-riyadh/1">Arriving in Riyadh</a></h2>
          <p class="card-text" id="blog-1-text" data-full="${whole}">${preview}</p>
          <button type="button" class="read-more" aria-expanded="false" aria-controls="blog-1-text"><span class="read-more-closed">Read More</span><span class="read-more-open">Read Less</span></button>
        </div>
      </li>
      <li class="card blog-card is-clickable">
        <div class="card-body">
          <span class="card-date">20 November 2026</span>
          <h2 class="card-title"><a href="/a-short-note/2">A short note</a></h2>
          <p class="card-text" id="blog-2-text">Brief.</p>
        </div>
      </li>
    </ul>`
}

describe('blog cards', () => {
  const assign = vi.fn()
  const open = vi.fn()

  beforeAll(() => {
    document.addEventListener('click', onCardClick)
    vi.stubGlobal('location', { ...window.location, assign })
    vi.stubGlobal('open', open)
  })

  afterEach(() => {
    document.body.innerHTML = ''
    assign.mockClear()
    open.mockClear()
  })

  it('Read More shows the whole text in place and Read Less the preview again', async () => {
    const user = userEvent.setup()
    cards()
    const text = document.getElementById('blog-1-text')!
    const button = document.querySelector<HTMLButtonElement>('.read-more')!

    await user.click(button)
    expect(text.textContent).toBe(whole)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.click(button.querySelector('.read-more-open')!)
    expect(text.textContent).toBe(preview)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    expect(text.textContent).toBe(whole)
    expect(assign).not.toHaveBeenCalled()
  })

  it('opens the article from anywhere on the card but its controls', async () => {
    const user = userEvent.setup()
    cards()
    await user.click(document.querySelectorAll('.card-date')[1])
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/a-short-note/2')

    await user.keyboard('{Control>}')
    await user.click(document.querySelectorAll('.card-text')[1])
    await user.keyboard('{/Control}')
    expect(open).toHaveBeenCalledWith('http://localhost:3000/a-short-note/2', '_blank', 'noopener')
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('leaves a selection of the card’s text alone', async () => {
    cards()
    const date = document.querySelector('.card-date')!
    window.getSelection()!.selectAllChildren(date)
    // A click as the browser sends it after a drag that selected text (a pointer's click would
    // first move the selection).
    date.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }))
    expect(assign).not.toHaveBeenCalled()
    window.getSelection()!.removeAllRanges()
    date.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }))
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/arriving-in-riyadh/1')
  })
})
