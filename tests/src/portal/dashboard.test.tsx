import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appMessages } from '../../../src/contract/apps'
import { portalMessages } from '../../../src/contract/portal'
import { AppsTab } from '../../../src/features/apps/components/apps-tab'
import { DashboardPage } from '../../../src/features/portal/components/dashboard-page'
import type { DashboardTab } from '../../../src/features/portal/tabs'
import { renderWithRouter } from '../helpers/render'
import { json, page, stubFetch } from '../helpers/http'
import { signedIn } from '../helpers/session'
import { app, overview, projectCard } from './fixtures'

// Mantine in jsdom is slow on a busy machine: generous budgets for waiting, not timing assertions.
const SLOW_UI = 20_000
configure({ asyncUtilTimeout: 5_000 })

const fetchMock = stubFetch()
let clipboard: string[]
beforeEach(() => {
  clipboard = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void clipboard.push(text) },
  })
  signedIn()
})

interface Served {
  apps?: () => Response
  projects?: () => Response
}
function serve({ apps, projects }: Served = {}) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/client/overview/') return json(200, overview)
    if (path === '/api/client/apps/') return apps ? apps() : json(200, page([]))
    if (path === '/api/client/projects/') return projects ? projects() : json(200, page([]))
    return json(404, { detail: 'Not found.' })
  })
}

function renderDashboard(tab: DashboardTab, onTabChange = vi.fn()) {
  return renderWithRouter(() => <DashboardPage tab={tab} onTabChange={onTabChange} apps={<AppsTab />} />, {
    path: '/dashboard',
  })
}

const apps = [
  app({ id: 1, name: 'Order Alerts', status: 'active', api_key: 'cyk_abcdefgh12345678' }),
  app({ id: 2, name: 'Newsletter Hub', description: 'Monthly news', status: 'maintenance' }),
  app({ id: 3, name: 'Legacy OTP', status: 'inactive', api_key: null, client: { company_name: '' } }),
]

describe('dashboard', { timeout: SLOW_UI }, () => {
  it('greets the client and shows the stat cards with the fixed trends', async () => {
    serve()
    await renderDashboard('overview')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana!' })).toBeInTheDocument()
    const stats = screen.getByTestId('dashboard-stats')
    expect(await within(stats).findByTestId('stat-Total Apps')).toHaveTextContent('4')
    expect(within(stats).getByTestId('stat-Active Projects')).toHaveTextContent('1')
    expect(within(stats).getByTestId('stat-Total Clients')).toHaveTextContent('51')
    expect(within(stats).getByTestId('stat-Success Rate')).toHaveTextContent('95.8%')
    for (const trend of ['+5%', '+10%', '0%', '+2%']) {
      expect(within(stats).getByText(`${trend} from last month`)).toBeInTheDocument()
    }
    const links = screen.getAllByRole('link').map((l) => l.getAttribute('href'))
    expect(links).toEqual(
      expect.arrayContaining(['/create-app', '/wallet', '/start-project', '/domain-search']),
    )
    expect(screen.queryByRole('button', { name: 'Refer a Friend' })).not.toBeInTheDocument()
  })

  it('reports a tab change to its route', async () => {
    serve()
    const onTabChange = vi.fn()
    await renderDashboard('overview', onTabChange)
    await userEvent.click(screen.getByRole('tab', { name: 'My Apps' }))
    expect(onTabChange).toHaveBeenCalledWith('apps')
  })

  it("shows 'Error Loading Overview' with Try Again when the overview fails", async () => {
    fetchMock.mockResolvedValue(json(500, { detail: 'Internal server error.' }))
    await renderDashboard('overview')
    expect(await screen.findByText(portalMessages.errorLoadingOverview)).toBeInTheDocument()
    expect(screen.getByText(portalMessages.overviewFailed)).toBeInTheDocument()
  })
})

describe('My Projects', { timeout: SLOW_UI }, () => {
  it('shows each card with its fallbacks, link and copy-info toast', async () => {
    serve({
      projects: () =>
        json(
          200,
          page([
            projectCard(),
            projectCard({
              id: 2,
              project: 7,
              project_name: 'Data Warehouse',
              description: ' ',
              access_level: null,
              project_key: null,
              project_status: 'on_hold',
            }),
          ]),
        ),
    })
    await renderDashboard('projects')
    const cards = await screen.findAllByTestId('client-project-card')
    expect(cards).toHaveLength(2)
    const warehouse = cards[1]
    if (!warehouse) throw new Error('no second card')
    expect(within(warehouse).getByText(portalMessages.descriptionFallback)).toBeInTheDocument()
    expect(within(warehouse).getByText('View')).toBeInTheDocument()
    expect(within(warehouse).getByRole('img', { name: 'Data Warehouse logo' })).toHaveTextContent('D')
    expect(within(warehouse).getByText('On Hold')).toBeInTheDocument()
    expect(within(warehouse).queryByText(/^Key:/)).not.toBeInTheDocument()
    expect(within(warehouse).getByRole('link', { name: 'View project Data Warehouse' })).toHaveAttribute(
      'href',
      '/project/7',
    )
    await userEvent.click(within(warehouse).getByRole('button', { name: 'Copy info of Data Warehouse' }))
    expect(await screen.findByText(portalMessages.projectInfoCopied)).toBeInTheDocument()
    expect(clipboard[0]).toContain('Data Warehouse')
  })

  it('shows the empty state with a link to start a project, and refreshes on demand', async () => {
    serve()
    await renderDashboard('projects')
    expect(await screen.findByText('No projects yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start a Project' })).toHaveAttribute('href', '/start-project')
    const before = fetchMock.mock.calls.length
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before))
  })

  it("shows 'Error Loading Projects' when the list fails", async () => {
    serve({ projects: () => json(500, {}) })
    await renderDashboard('projects')
    expect(await screen.findByText(portalMessages.errorLoadingProjects)).toBeInTheDocument()
    expect(screen.getByText(portalMessages.projectsFailed)).toBeInTheDocument()
  })
})

describe('My Apps', { timeout: SLOW_UI }, () => {
  it('counts, searches and filters, and clears the filters', async () => {
    serve({ apps: () => json(200, page(apps)) })
    await renderDashboard('apps')
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
    serve({ apps: () => json(200, page(apps)) })
    await renderDashboard('apps')
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
    serve({ apps: () => json(200, page(apps)) })
    await renderDashboard('apps')
    await screen.findAllByTestId('app-item')
    expect(screen.getByTestId('app-list').getAttribute('data-view')).toBe('grid')
    await userEvent.click(screen.getByText('List view'))
    expect(screen.getByTestId('app-list').getAttribute('data-view')).toBe('list')
  })

  it("shows 'No apps yet' with a link to /create-app, and 'Error Loading Apps' with Try Again", async () => {
    serve()
    const first = await renderDashboard('apps')
    expect(await screen.findByText(appMessages.noApps)).toBeInTheDocument()
    const createLinks = screen.getAllByRole('link', { name: 'Create App' })
    expect(createLinks.every((l) => l.getAttribute('href') === '/create-app')).toBe(true)
    first.unmount()

    let fail = true
    serve({ apps: () => (fail ? json(500, {}) : json(200, page(apps))) })
    await renderDashboard('apps')
    expect(await screen.findByText(appMessages.errorLoadingApps)).toBeInTheDocument()
    expect(screen.getByText(appMessages.appsFailed)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Showing 3 of 3 apps')).toBeInTheDocument()
  })
})
