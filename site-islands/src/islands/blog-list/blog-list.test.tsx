import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { cards } from '../../test/fixtures'
import { renderIsland } from '../../test/render-island'
import BlogList, { PREVIEW_LENGTH } from './blog-list'

const [long, short] = cards

describe('blog list', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('previews the first 200 characters and Read More shows the whole text, with no ellipsis', async () => {
    const user = userEvent.setup()
    renderIsland(<BlogList cards={[long]} />)
    const text = document.getElementById(`blog-${long.id}-text`)!
    const preview = text.textContent!
    expect(Array.from(preview).length).toBeLessThanOrEqual(PREVIEW_LENGTH + 1)
    expect(preview.endsWith('…')).toBe(true)
    expect(long.text.startsWith(preview.slice(0, -1))).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Read More' }))
    expect(text.textContent).toBe(long.text)
    expect(text.textContent!.endsWith('…')).toBe(false)
    expect(screen.getByRole('button', { name: 'Read Less' })).toHaveAttribute('aria-expanded', 'true')

    await user.click(screen.getByRole('button', { name: 'Read Less' }))
    expect(text.textContent).toBe(preview)
  })

  it('shows each card’s image as the generator computed it', () => {
    renderIsland(<BlogList cards={cards} />)
    const [photo, artwork] = document.querySelectorAll<HTMLImageElement>('.card-media img')
    expect(photo.closest('picture')!.querySelector('source')).toHaveAttribute('type', long.image.sources[0].type)
    expect(photo).toHaveAttribute('width', String(long.image.width))
    expect(photo).toHaveAttribute('loading', 'lazy')
    expect(photo.style.background).not.toBe('')
    expect(artwork.closest('picture')).toBeNull()
    expect(artwork).toHaveAttribute('src', short.image.src)
    expect(artwork).not.toHaveAttribute('style')
  })

  it('shows a short text whole, without Read More', () => {
    renderIsland(<BlogList cards={[short]} />)
    expect(document.getElementById(`blog-${short.id}-text`)!.textContent).toBe('Brief.')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
