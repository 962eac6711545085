import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PartnersPage, filterPartners } from '../../../../src/features/partners/components/partners-page'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const fetchMock = stubFetch()

// Typing into Mantine inputs in jsdom is slow on a busy machine: a budget for waiting, not a timing assertion.
describe('PartnersPage', { timeout: 20_000 }, () => {
  const partners = {
    count: 3,
    next: null,
    previous: null,
    results: [
      {
        id: 1,
        name: 'Nimbus Cloud',
        image: '/images/partners/nimbus-cloud.svg',
        website: 'https://nimbus.example.com',
      },
      { id: 2, name: 'Cedar Bank', image: null, website: null },
      { id: 3, name: 'Orbit Payments', image: '/images/partners/orbit.svg', website: null },
    ],
  }

  it('filters by a case-insensitive contains on the name', () => {
    expect(filterPartners(partners.results, 'CLOUD').map((p) => p.name)).toEqual(['Nimbus Cloud'])
    expect(filterPartners(partners.results, ' an ').map((p) => p.name)).toEqual(['Cedar Bank'])
    expect(filterPartners(partners.results, '')).toHaveLength(3)
  })

  it('searches on the client and offers to clear a search that finds nothing', async () => {
    fetchMock.mockResolvedValue(json(200, partners))
    await renderWithRouter(() => <PartnersPage />, { path: '/partners' })
    const list = await screen.findByRole('list', { name: 'Partners' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    const search = screen.getByRole('searchbox', { name: 'Search partners' })
    await userEvent.type(search, 'orbit')
    expect(within(screen.getByRole('list', { name: 'Partners' })).getAllByRole('listitem')).toHaveLength(1)
    await userEvent.type(search, 'xyz')
    expect(screen.getByRole('heading', { name: 'No partners found' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }))
    expect(within(screen.getByRole('list', { name: 'Partners' })).getAllByRole('listitem')).toHaveLength(3)
    // One request only: the search never goes to the server.
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/public/partners/?page=1')
  })

  it('loads every page of partners for the search', async () => {
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: from + i,
        name: `Partner ${from + i}`,
        image: null,
        website: null,
      }))
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('page=1')
        ? json(200, { count: 25, next: 'x', previous: null, results: many(1, 20) })
        : json(200, { count: 25, next: null, previous: 'x', results: many(21, 5) }),
    )
    await renderWithRouter(() => <PartnersPage />, { path: '/partners' })
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search partners' }), 'partner 25')
    expect(within(screen.getByRole('list', { name: 'Partners' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('shows the static partner cards, figures and links', async () => {
    fetchMock.mockResolvedValue(json(200, partners))
    await renderWithRouter(() => <PartnersPage />, { path: '/partners' })
    await screen.findByRole('list', { name: 'Partners' })
    for (const figure of ['50+', '15+', '99%']) expect(screen.getByText(figure)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Technology Partners' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Business Partners' })).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'Amazon Web Services website (opens in a new tab)' }),
    ).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
    expect(screen.getByRole('link', { name: /Start a Project/ })).toHaveAttribute('href', '/start-project')
  })

  it('shows a full-page error with a retry when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(500, { detail: 'Internal server error.' }))
    await renderWithRouter(() => <PartnersPage />, { path: '/partners' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to fetch partners')).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Technology Partners' })).not.toBeInTheDocument()
  })
})
