import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { COMPANY_FOUNDERS } from '../../../../src/contract/company'
import { FounderCard } from '../../../../src/features/company/components/founder-card'
import { renderWithProviders } from '../../helpers/render'

describe('FounderCard', () => {
  it('flips with the keyboard and exposes only the visible side', async () => {
    const user = userEvent.setup()
    const founder = COMPANY_FOUNDERS[0]
    renderWithProviders(<FounderCard founder={founder} />)
    const bio = screen.getByTestId('founder-bio')
    expect(bio).toHaveAttribute('inert')

    await user.tab()
    const button = screen.getByRole('button', { name: `Show the biography of ${founder.name}` })
    expect(button).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: `Show the photo of ${founder.name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(bio).not.toHaveAttribute('inert')
    await user.keyboard(' ')
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(bio).toHaveAttribute('inert')
  })
})
