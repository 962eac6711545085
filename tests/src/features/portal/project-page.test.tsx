import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { portalMessages } from '../../../../src/contract/portal'
import { ProjectPage } from '../../../../src/features/portal/components/project-page'
import { renderWithRouter } from '../../helpers/render'
import { json, stubFetch } from '../../helpers/http'
import { signedIn } from '../../helpers/session'
import { project } from '../../helpers/portal-fixtures'

// Mantine in jsdom is slow on a busy machine: generous budgets for waiting, not timing assertions.
const SLOW_UI = 20_000

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})

function renderProject() {
  return renderWithRouter(
    () => (
      <ProjectPage
        projectId={3}
        tab="overview"
        onTabChange={() => {}}
        tickets={<div data-testid="tickets">tickets</div>}
      />
    ),
    { path: '/project/3' },
  )
}

describe('project overview', { timeout: SLOW_UI }, () => {
  it('shows the header, finances and milestones in order with their colours', async () => {
    fetchMock.mockResolvedValue(json(200, project()))
    await renderProject()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Atlas Commerce Platform' }),
    ).toBeInTheDocument()
    expect(screen.getByText('ATLAS')).toBeInTheDocument()
    const finances = screen.getByTestId('financial-overview')
    expect(within(finances).getByText('$48,000.00')).toBeInTheDocument()
    expect(within(finances).getByText('$15,000.00')).toBeInTheDocument()
    expect(within(finances).getByText('$33,000.00')).toBeInTheDocument()
    expect(within(finances).getByRole('progressbar', { name: 'Budget paid' })).toHaveAttribute(
      'aria-valuenow',
      '31.3',
    )

    const milestones = screen.getAllByTestId('milestone')
    const milestone = (index: number) => {
      const element = milestones[index]
      if (!element) throw new Error(`no milestone ${index}`)
      return element
    }
    expect(milestones.map((m) => within(m).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Discovery'),
      expect.stringContaining('Payments'),
      expect.stringContaining('Build'),
    ])
    const colours = milestones.map((m) => m.querySelector('[data-colour]')?.getAttribute('data-colour'))
    expect(colours).toEqual(['green', 'red', 'yellow'])
    expect(within(milestone(1)).getByText('Overdue')).toBeInTheDocument()

    const button = within(milestone(0)).getByRole('button')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(screen.getByText('Workshops.')).toBeVisible())
  })

  it('rounds the duration up to whole days and counts paid milestones as completed', async () => {
    fetchMock.mockResolvedValue(
      json(200, project({ start_date: '2026-01-01T00:00:00Z', end_date: '2026-01-03T01:00:00Z' })),
    )
    await renderProject()
    expect(await screen.findByText('3 days')).toBeInTheDocument()
    const stats = screen.getByRole('region', { name: 'Project Stats' })
    expect(within(stats).getByText('Completed Milestones').nextSibling).toHaveTextContent('1')
    expect(within(stats).getByText('Milestones').nextSibling).toHaveTextContent('3')
  })

  it("links the website from the links, else shows a disabled 'No Website Available'", async () => {
    fetchMock.mockResolvedValueOnce(json(200, project()))
    const first = await renderProject()
    expect(await screen.findByRole('link', { name: 'Visit Website' })).toHaveAttribute(
      'href',
      'https://atlas.example.com',
    )
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
    first.unmount()

    fetchMock.mockResolvedValueOnce(json(200, project({ links: [], start_date: null })))
    await renderProject()
    expect(await screen.findByRole('button', { name: portalMessages.noWebsite })).toBeDisabled()
    expect(screen.getAllByText('N/A').length).toBeGreaterThan(0)
  })

  it("shows 'Project not found' for a 404 and 'Error Loading Project' otherwise, with a way back", async () => {
    fetchMock.mockResolvedValueOnce(json(404, { detail: 'Not found.' }))
    const first = await renderProject()
    expect(await screen.findByText(portalMessages.projectNotFound)).toBeInTheDocument()
    expect(screen.getByText(portalMessages.projectFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
    first.unmount()

    fetchMock.mockResolvedValue(json(500, { detail: 'Internal server error.' }))
    await renderProject()
    expect(
      await screen.findByText(portalMessages.errorLoadingProject, {}, { timeout: 8000 }),
    ).toBeInTheDocument()
  })
})
