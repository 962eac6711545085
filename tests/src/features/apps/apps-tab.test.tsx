import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { appMessages } from '../../../../src/contract/apps'
import { AppsTab } from '../../../../src/features/apps/components/apps-tab'
import { stubClipboard } from '../../helpers/clipboard'
import { json, page, stubFetch } from '../../helpers/http'
import { app, appDetails } from '../../helpers/portal-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const clipboard = stubClipboard()
const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})

/** Answers GET /api/client/apps/ with `apps()`; anything else is a 404. */
function serve(apps: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/client/apps/') return apps()
    // The list masks keys; copying reads the full key from the app's details.
    if (path === '/api/client/apps/1/') return json(200, appDetails({ api_key: 'cyk_abcdefgh12345678' }))
    return json(404, { detail: 'Not found.' })
  })
}

const renderAppsTab = () => renderWithRouter(() => <AppsTab />, { path: '/dashboard' })

const apps = [
  app({ id: 1, name: 'Order Alerts', status: 'active', api_key: 'cyk_abcd...' }),
  app({ id: 2, name: 'Newsletter Hub', description: 'Monthly news', status: 'maintenance' }),
  app({ id: 3, name: 'Legacy OTP', status: 'inactive', api_key: null, client: { company_name: '' } }),
]

describe('My Apps', { timeout: 20_000 }, () => {
  it('counts, searches and filters, and clears the filters', async () => {
    serve(() => json(200, page(apps)))
    await renderAppsTab()
    expect(await screen.findByText('Showing 3 of 3 apps')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'My Applications' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByPlaceholderText('Search apps...'))
    await user.paste('monthly')
    expect(screen.getByText('Showing 1 of 3 apps')).toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Search apps...'))
    await user.click(screen.getByPlaceholderText('Search apps...'))
    await user.paste('nothing like it')
    expect(screen.getByText(appMessages.noMatchingApps)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(screen.getByText('Showing 3 of 3 apps')).toBeInTheDocument()

    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Maintenance', hidden: true }))
    expect(screen.getByText('Showing 1 of 3 apps')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }))
    expect(screen.getByText('Showing 3 of 3 apps')).toBeInTheDocument()
  })

  it('shows the key by its first 8 characters, the company or N/A, Manage, and copies the key', async () => {
    serve(() => json(200, page(apps)))
    await renderAppsTab()
    const items = await screen.findAllByTestId('app-item')
    const [alerts, , legacy] = items
    if (!alerts || !legacy) throw new Error('apps missing')
    expect(within(alerts).getByTestId('api-key')).toHaveTextContent('cyk_abcd...')
    expect(within(alerts).getByText('Demo Company')).toBeInTheDocument()
    expect(within(alerts).getByRole('link', { name: 'Manage Order Alerts' })).toHaveAttribute(
      'href',
      '/manage-msg/1',
    )
    expect(within(legacy).getByTestId('api-key')).toHaveTextContent('Not available')
    expect(within(legacy).getByText('N/A')).toBeInTheDocument()
    expect(within(legacy).getByRole('button', { name: 'Copy API key of Legacy OTP' })).toBeDisabled()
    expect(alerts.querySelector('[data-status="active"]')?.getAttribute('data-colour')).toBe('green')
    expect(items[1]?.querySelector('[data-status="maintenance"]')?.getAttribute('data-colour')).toBe('yellow')

    await userEvent.click(within(alerts).getByRole('button', { name: 'Copy API key of Order Alerts' }))
    expect(await screen.findByText(appMessages.apiKeyCopied)).toBeInTheDocument()
    expect(clipboard).toEqual(['cyk_abcdefgh12345678'])
  })

  it('switches between grid and list', async () => {
    serve(() => json(200, page(apps)))
    await renderAppsTab()
    await screen.findAllByTestId('app-item')
    expect(screen.getByTestId('app-list').getAttribute('data-view')).toBe('grid')
    await userEvent.click(screen.getByText('List view'))
    expect(screen.getByTestId('app-list').getAttribute('data-view')).toBe('list')
  })

  it("shows 'No apps yet' with a link to /create-app, and 'Error Loading Apps' with Try Again", async () => {
    serve(() => json(200, page([])))
    const first = await renderAppsTab()
    expect(await screen.findByText(appMessages.noApps)).toBeInTheDocument()
    const createLinks = screen.getAllByRole('link', { name: 'Create App' })
    expect(createLinks.every((l) => l.getAttribute('href') === '/create-app')).toBe(true)
    first.unmount()

    let fail = true
    serve(() => (fail ? json(500, {}) : json(200, page(apps))))
    await renderAppsTab()
    expect(await screen.findByText(appMessages.errorLoadingApps)).toBeInTheDocument()
    expect(screen.getByText(appMessages.appsFailed)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Showing 3 of 3 apps')).toBeInTheDocument()
  })
})
