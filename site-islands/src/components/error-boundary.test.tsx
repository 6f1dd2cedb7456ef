import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderIsland } from '../test/render-island'

function Broken({ error }: { error: unknown }): never {
  throw error
}

describe('the error boundary around each island', () => {
  it('shows "Error: {message}" with expandable details', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderIsland(<Broken error={new Error('Props are missing')} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Props are missing')
    expect(screen.getByText('Details').closest('details')).not.toHaveAttribute('open')
  })

  it('shows "Unknown Error" when what was thrown has no message, in Arabic too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderIsland(<Broken error="nothing useful" />, 'ar')
    expect(screen.getByRole('alert')).toHaveTextContent('خطأ غير معروف')
  })
})
