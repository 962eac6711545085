import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ProjectDetailPage } from '../../../../src/features/projects/components/project-detail-page'
import { ProjectsPage, type ProjectFilters } from '../../../../src/features/projects/components/projects-page'
import { renderWithRouter } from '../../helpers/render'
import { json, page, stubFetch } from '../../helpers/http'
import { countries, projectDetail, projectItem } from '../../helpers/project-fixtures'

const fetchMock = stubFetch()

const categories = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: 1,
      name: 'Mobile Apps',
      description: '',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
    {
      id: 2,
      name: 'Web Platforms',
      description: '',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    },
  ],
}

/** Answers by path: the categories, else the given project list (or failure). */
function serve(projects: () => Response) {
  fetchMock.mockImplementation(async (url) =>
    String(url).startsWith('/product-category/') ? json(200, categories) : projects(),
  )
}
const projectCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/public/projects/'))

describe('ProjectsPage', () => {
  it('resets to page 1 when a profile is chosen, and sends it as product_category__id', async () => {
    serve(() => json(200, page([projectItem()], 45)))
    const onChange = vi.fn()
    const filters: ProjectFilters = { page: 2, search: 'shop' }
    await renderWithRouter(() => <ProjectsPage filters={filters} onChange={onChange} />, {
      path: '/projects',
    })
    expect(await screen.findByRole('heading', { name: 'Souqly' })).toBeInTheDocument()
    expect(projectCalls()).toEqual(['/api/public/projects/?page=2&search=shop'])
    await userEvent.click(await screen.findByRole('button', { name: 'Web Platforms' }))
    expect(onChange).toHaveBeenLastCalledWith({ profile: 2, search: 'shop', page: 1 })
    expect(screen.getByRole('button', { name: 'All Projects' })).toHaveAttribute('aria-pressed', 'true')
    // 45 projects at 20 a page: three pages.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument()
  })

  it('queries the chosen profile and page', async () => {
    serve(() => json(200, page([projectItem()], 1)))
    await renderWithRouter(() => <ProjectsPage filters={{ profile: 1, page: 1 }} onChange={() => {}} />, {
      path: '/projects',
    })
    await screen.findByRole('heading', { name: 'Souqly' })
    expect(projectCalls()).toEqual(['/api/public/projects/?page=1&product_category__id=1'])
    expect(screen.getByRole('button', { name: 'Mobile Apps' })).toHaveAttribute('aria-pressed', 'true')
  })

  it("shows 'No projects found' with 'Clear Filters', which clears search and profile", async () => {
    serve(() => json(200, page([])))
    const onChange = vi.fn()
    await renderWithRouter(
      () => <ProjectsPage filters={{ search: 'zzz', profile: 1 }} onChange={onChange} />,
      { path: '/projects' },
    )
    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(onChange).toHaveBeenLastCalledWith({ page: 1 })
    expect(screen.getByRole('textbox', { name: 'Search projects' })).toHaveValue('')
  })

  it('shows the error panel when loading fails with nothing to show', async () => {
    serve(() => json(500, { detail: 'Internal server error.' }))
    await renderWithRouter(() => <ProjectsPage filters={{}} onChange={() => {}} />, { path: '/projects' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument()
    expect(within(alert).getByText('Failed to fetch projects')).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('searches after typing, starting again at page 1', async () => {
    serve(() => json(200, page([projectItem()])))
    const onChange = vi.fn()
    await renderWithRouter(() => <ProjectsPage filters={{ page: 3 }} onChange={onChange} />, {
      path: '/projects',
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'Search projects' }), 'wallet{Enter}')
    expect(onChange).toHaveBeenLastCalledWith({ profile: undefined, search: 'wallet', page: 1 })
  })

  it('shows the search of the URL when it changes from outside (back and forward)', async () => {
    serve(() => json(200, page([projectItem()])))
    function Harness() {
      const [filters, setFilters] = useState<ProjectFilters>({ search: 'wallet' })
      return (
        <>
          <button type="button" onClick={() => setFilters({})}>
            Back
          </button>
          <ProjectsPage filters={filters} onChange={setFilters} />
        </>
      )
    }
    await renderWithRouter(() => <Harness />, { path: '/projects' })
    const box = screen.getByRole('textbox', { name: 'Search projects' })
    expect(box).toHaveValue('wallet')
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(box).toHaveValue('')
  })
})

describe('ProjectDetailPage', () => {
  it("shows 'Project not found' for a 404", async () => {
    fetchMock.mockResolvedValue(json(404, { detail: 'Project not found' }))
    await renderWithRouter(() => <ProjectDetailPage slug="nope" />, { path: '/projects/nope' })
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Projects/ })).toHaveAttribute('href', '/projects')
  })

  it('shows an error panel whose retry loads the project again', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { detail: 'Service unavailable.' }))
    await renderWithRouter(() => <ProjectDetailPage slug="souqly" />, { path: '/projects/souqly' })
    expect(await screen.findByText('Failed to fetch project')).toBeInTheDocument()
    fetchMock.mockResolvedValueOnce(json(200, projectDetail()))
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Souqly' })).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('shows the hero, technologies with a letter fallback, project info and links', async () => {
    const item = projectItem({
      tech_tools: [
        { id: 1, name: 'Flutter', image: '/images/projects/tools/flutter.svg' },
        { id: 2, name: 'Odoo', image: null },
      ],
      links: [
        {
          id: 1,
          link_type: 'play_store',
          url: 'https://play.google.com/x',
          title: 'Google Play',
          description: '',
        },
        { id: 2, link_type: 'github', url: 'https://github.com/x', title: 'GitHub', description: '' },
        { id: 3, link_type: 'demo', url: 'https://demo.example.com', title: 'Live Demo', description: '' },
        {
          id: 4,
          link_type: 'admin_panel',
          url: 'https://admin.example.com',
          title: 'Admin Panel',
          description: '',
        },
      ],
      project: { type: null, countries: countries(['EG', 'SAU', 'Jordan', 'KWT', 'QA']) },
    })
    fetchMock.mockResolvedValue(json(200, projectDetail(item)))
    await renderWithRouter(() => <ProjectDetailPage slug="souqly" />, { path: '/projects/souqly' })
    await screen.findByRole('heading', { level: 1, name: 'Souqly' })

    // 3 flags in the hero, then '+N'.
    const flags = screen.getByTestId('country-flags')
    expect(within(flags).getAllByRole('img')).toHaveLength(3)
    expect(within(flags).getByText('+2')).toBeInTheDocument()
    // Play Store plus at most 2 other links in the hero; the sidebar lists all four.
    expect(screen.getByRole('link', { name: 'Play Store' })).toHaveAttribute(
      'href',
      'https://play.google.com/x',
    )
    expect(screen.getAllByRole('link', { name: 'GitHub' })).toHaveLength(2)
    expect(screen.getAllByRole('link', { name: 'Live Demo' })).toHaveLength(2)
    expect(screen.getAllByRole('link', { name: 'Admin Panel' })).toHaveLength(1)
    expect(screen.getByRole('heading', { name: 'Download & Links' })).toBeInTheDocument()

    // A tool without an icon shows its first letter.
    expect(screen.getByRole('img', { name: 'Odoo logo' })).toHaveTextContent('O')
    expect(screen.getByRole('img', { name: 'Flutter logo' })).toHaveAttribute(
      'src',
      '/images/projects/tools/flutter.webp',
    )

    const info = screen.getByRole('region', { name: 'Project Info' })
    expect(within(info).getByText('Application')).toBeInTheDocument()
    expect(within(info).getByText('Sep 4, 2023')).toBeInTheDocument()
    expect(within(info).getByText('Egypt')).toBeInTheDocument()
    expect(within(info).getByText('Saudi Arabia')).toBeInTheDocument()
    expect(within(info).getByRole('img', { name: 'Egypt' })).toHaveAttribute('src', '/flags/EG.webp')
    expect(screen.getByRole('link', { name: /Request Similar Project/ })).toHaveAttribute(
      'href',
      '/start-project',
    )
  })

  it('opens the viewer at the clicked screenshot and returns focus to it on close', async () => {
    fetchMock.mockResolvedValue(json(200, projectDetail()))
    await renderWithRouter(() => <ProjectDetailPage slug="souqly" />, { path: '/projects/souqly' })
    const thumbnail = await screen.findByRole('button', { name: 'Open screenshot 2 of 3' })
    await userEvent.click(thumbnail)
    expect(await screen.findByTestId('viewer-position')).toHaveTextContent('2 / 3')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('screenshot-viewer')).not.toBeInTheDocument())
    await waitFor(() => expect(thumbnail).toHaveFocus())
  })
})
