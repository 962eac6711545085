import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RootErrorBoundary } from '../../../src/app/error-boundary'
import { renderWithProviders } from '../helpers/render'

function Broken(): never {
  throw new Error('render failure')
}

describe('crash screen', () => {
  it('replaces a crashed tree with the spec text and a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, writable: true })
    renderWithProviders(
      <RootErrorBoundary>
        <Broken />
      </RootErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reload Application' }))
    expect(reload).toHaveBeenCalled()
  })
})
