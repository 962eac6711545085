import { act, fireEvent, screen } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt } from '../../../src/lib/install-prompt'
import { InstallAppOffer } from '../../../src/components/install-app'
import { renderWithProviders } from '../helpers/render'

/** What Chromium sends when the page may be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  })
  act(() => void window.dispatchEvent(event))
  return event
}

beforeAll(() => captureInstallPrompt(window))
beforeEach(() => {
  window.localStorage.clear()
  act(() => void window.dispatchEvent(new Event('appinstalled')))
})

describe('InstallAppOffer', () => {
  it('shows nothing until the browser offers installation', () => {
    renderWithProviders(<InstallAppOffer />)
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it("opens the browser's install dialog once and then disappears", async () => {
    renderWithProviders(<InstallAppOffer />)
    const event = offerInstall()
    expect(event.defaultPrevented).toBe(true)
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Install app' })))
    expect(event.prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('remembers "Not now"', () => {
    const { unmount } = renderWithProviders(<InstallAppOffer />)
    offerInstall()
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
    unmount()
    renderWithProviders(<InstallAppOffer />)
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })

  it('disappears once the app is installed', () => {
    renderWithProviders(<InstallAppOffer />)
    offerInstall()
    expect(screen.getByRole('button', { name: 'Install app' })).toBeTruthy()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
  })
})
