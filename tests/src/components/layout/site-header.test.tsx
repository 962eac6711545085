import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SiteHeader } from '../../../../src/components/layout/site-header'
import { renderWithRouter } from '../../helpers/render'

/** The menu panel the button names: the browser opens and closes it (jsdom has no popovers). */
function menuPanel() {
  const id = screen.getByRole('button', { name: 'Toggle navigation' }).getAttribute('popovertarget')
  const panel = id ? document.getElementById(id) : null
  if (!panel) throw new Error('the menu button names no element')
  return panel
}

/** What the browser fires after opening or closing a popover (jsdom has no ToggleEvent). */
const toggle = (newState: 'open' | 'closed') => Object.assign(new Event('toggle'), { newState })

describe('SiteHeader', () => {
  it('renders the phone menu in the page as a popover the menu button and its close button name', async () => {
    await renderWithRouter(() => <SiteHeader />)
    const panel = menuPanel()
    expect(panel).toHaveAttribute('popover', 'auto')
    const nav = within(panel).getByRole('navigation', { name: 'Mobile', hidden: true })
    expect(within(nav).getByRole('link', { name: 'Contact', hidden: true })).toHaveAttribute(
      'href',
      '/contact',
    )
    expect(within(panel).getByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/login')
    const close = within(panel).getByRole('button', { name: 'Close navigation', hidden: true })
    expect(close).toHaveAttribute('popovertarget', panel.id)
    expect(close).toHaveAttribute('popovertargetaction', 'hide')
  })

  it('shows the button opened and the header opaque while the browser has the menu open', async () => {
    await renderWithRouter(() => <SiteHeader />)
    const header = document.querySelector('header')
    const burger = () => screen.getByRole('button', { name: 'Toggle navigation' }).firstElementChild
    expect(header).not.toHaveAttribute('data-opaque')
    expect(burger()).not.toHaveAttribute('data-opened')
    fireEvent(menuPanel(), toggle('open'))
    expect(header).toHaveAttribute('data-opaque', 'true')
    expect(burger()).toHaveAttribute('data-opened', 'true')
    fireEvent(menuPanel(), toggle('closed'))
    expect(header).not.toHaveAttribute('data-opaque')
    expect(burger()).not.toHaveAttribute('data-opened')
  })

  it('closes the menu when one of its links is followed, and navigates in the app', async () => {
    const { router } = await renderWithRouter(() => <SiteHeader />)
    const panel = menuPanel()
    const hidePopover = vi.fn()
    Object.assign(panel, { hidePopover })
    fireEvent.click(within(panel).getByRole('link', { name: 'About', hidden: true }))
    expect(hidePopover).toHaveBeenCalledOnce()
    expect(await screen.findByTestId('navigated')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/about')
  })
})
