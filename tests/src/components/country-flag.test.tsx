import { cleanup, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CountryFlag } from '../../../src/components/country-flag'
import { renderWithProviders } from '../helpers/render'

describe('CountryFlag', () => {
  it('shows the flag (the WebP twin of its SVG) of the two-letter code, whatever the input form', () => {
    for (const [input, code, name] of [
      ['EG', 'EG', 'Egypt'],
      ['SAU', 'SA', 'Saudi Arabia'],
      ['United States', 'US', 'United States'],
    ] as const) {
      const { unmount } = renderWithProviders(<CountryFlag code={input} />)
      expect(screen.getByRole('img', { name })).toHaveAttribute('src', `/flags/${code}.webp`)
      unmount()
    }
  })

  it('falls back to a globe for unknown countries and for a flag that fails to load', () => {
    renderWithProviders(<CountryFlag code="Kosovo" />)
    expect(screen.getByRole('img', { name: 'Unknown country' }).tagName).toBe('svg')
    cleanup()
    renderWithProviders(<CountryFlag code="EG" />)
    fireEvent.error(screen.getByRole('img', { name: 'Egypt' }))
    expect(screen.getByRole('img', { name: 'Egypt' }).tagName).toBe('svg')
  })
})
