import { screen } from '@testing-library/react'
import { IconMessageCircle } from '@tabler/icons-react'
import { describe, expect, it } from 'vitest'
import { CallToAction } from '../../../src/components/call-to-action'
import { renderWithRouter } from '../helpers/render'

describe('CallToAction', () => {
  it('is a region named by its heading when given a heading id, with one link per action', async () => {
    await renderWithRouter(() => (
      <CallToAction
        headingId="cta-heading"
        title="Have a project in mind?"
        text="Tell us about it."
        actions={[
          { label: 'Start Your Project', to: '/start-project', icon: 'arrow' },
          { label: 'Talk to Us', to: '/contact', variant: 'default', icon: IconMessageCircle },
        ]}
      />
    ))
    const region = screen.getByRole('region', { name: 'Have a project in mind?' })
    expect(region).toContainElement(
      screen.getByRole('heading', { level: 2, name: 'Have a project in mind?' }),
    )
    expect(screen.getByText('Tell us about it.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/start-project')
    expect(screen.getByRole('link', { name: 'Talk to Us' })).toHaveAttribute('href', '/contact')
  })

  it('is no landmark without a heading id', async () => {
    await renderWithRouter(() => (
      <CallToAction title="Become a Partner" actions={[{ label: 'Contact Us', to: '/contact' }]} />
    ))
    expect(screen.getByRole('heading', { level: 2, name: 'Become a Partner' })).toBeInTheDocument()
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })
})
