import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { portalMessages } from '../../../../src/contract/portal'
import { DashboardPage } from '../../../../src/features/portal/components/dashboard-page'
import type { DashboardTab } from '../../../../src/features/portal/tabs'
import { renderWithRouter } from '../../helpers/render'
import { json, page, stubFetch } from '../../helpers/http'
import { signedIn } from '../../helpers/session'
import { overview, projectCard } from '../../helpers/portal-fixtures'
import { stubClipboard } from '../../helpers/clipboard'

// Mantine in jsdom is slow on a busy machine: generous budgets for waiting, not timing assertions.
const SLOW_UI = 20_000

const fetchMock = stubFetch()
const clipboard = stubClipboard()
beforeEach(() => {
  signedIn()
})

function serve({ projects }: { projects?: () => Response } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/client/overview/') return json(200, overview)
    if (path === '/api/client/projects/') return projects ? projects() : json(200, page([]))
    return json(404, { detail: 'Not found.' })
  })
}

function renderDashboard(tab: DashboardTab, onTabChange = vi.fn()) {
  const apps = <p>The apps feature</p>
  const referFriend = <button type="button">Refer a Friend</button>
  return renderWithRouter(
    () => (
      <DashboardPage
        tab={tab}
        onTabChange={onTabChange}
        apps={apps}
        domains={<p>Domains tab</p>}
        referFriend={referFriend}
      />
    ),
    { path: '/dashboard' },
  )
}

describe('dashboard', { timeout: SLOW_UI }, () => {
  it('greets the client and shows the stat cards with the trends the server computed', async () => {
    serve()
    await renderDashboard('overview')
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana!' })).toBeInTheDocument()
    const stats = screen.getByTestId('dashboard-stats')
    expect(await within(stats).findByTestId('stat-Total Apps')).toHaveTextContent('4')
    expect(within(stats).getByTestId('stat-Active Projects')).toHaveTextContent('1')
    expect(within(stats).getByTestId('stat-Total Clients')).toHaveTextContent('51')
    expect(within(stats).getByTestId('stat-Success Rate')).toHaveTextContent('95.8%')
    const trends = within(stats)
      .queryAllByText(/from last month$/)
      .map((t) => t.textContent)
    // No trend for the success rate: there was no rate to compare with when the month began.
    expect(trends).toEqual(['+33.3% from last month', '-50% from last month', '0% from last month'])
    const links = screen.getAllByRole('link').map((l) => l.getAttribute('href'))
    expect(links).toEqual(
      expect.arrayContaining(['/create-app', '/wallet', '/start-project', '/domain-search']),
    )
    expect(screen.getByRole('button', { name: 'Refer a Friend' })).toBeInTheDocument()
  })

  it('shows the apps feature the route composes in the My Apps tab', async () => {
    serve()
    await renderDashboard('apps')
    expect(await screen.findByText('The apps feature')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'My Apps', selected: true })).toBeInTheDocument()
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
