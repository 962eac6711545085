import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { site } from '../../../src/contract/site'
import { SocialLinks } from '../../../src/components/social-links'
import { renderWithProviders } from '../helpers/render'

const names = ['LinkedIn', 'Facebook', 'X', 'Instagram', 'GitHub']

describe('SocialLinks', () => {
  it('lists the five profiles as labelled links that open in a new tab', () => {
    renderWithProviders(<SocialLinks />)
    const list = screen.getByRole('list', { name: 'Social links' })
    const links = within(list).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(names)
    expect(links[0]).toHaveAttribute('href', site.social.linkedin)
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  it('shows icons named by the same labels in the footer', () => {
    renderWithProviders(<SocialLinks variant="icons" />)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    for (const name of names) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank')
    }
    expect(screen.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', site.social.github)
  })
})
