import { act, fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SOCIAL_FIGURES } from '../../../../src/contract/company'
import {
  FeaturedProjects,
  FEATURED_THRESHOLD,
} from '../../../../src/features/home/components/featured-projects'
import { HomeServices } from '../../../../src/features/home/components/home-services'
import { SocialBlock } from '../../../../src/features/home/components/social-block'
import { TECHNOLOGIES, TechStrip } from '../../../../src/features/home/components/tech-strip'
import { projectsQueryOptions } from '../../../../src/features/projects/api/get-projects'
import { json, stubFetch } from '../../helpers/http'
import { renderWithProviders, renderWithRouter } from '../../helpers/render'
import { projectItem } from '../../helpers/project-fixtures'

const fetchMock = stubFetch()

/** A stand-in IntersectionObserver the test can drive: it records its options and callback. */
class FakeObserver {
  static last: FakeObserver | null = null
  observed: Element[] = []
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
  show() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true, intersectionRatio: 0.1 }))
    act(() =>
      this.callback(
        entries as unknown as IntersectionObserverEntry[],
        this as unknown as IntersectionObserver,
      ),
    )
  }
}

beforeEach(() => {
  FakeObserver.last = null
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})

describe('FeaturedProjects', () => {
  const renderSection = () =>
    renderWithRouter(() => <FeaturedProjects query={projectsQueryOptions({ page: 1 })} />)

  it('loads the first page of projects only once the section is 10% visible', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        count: 2,
        next: null,
        previous: null,
        results: [
          projectItem({ id: 1, order: 1 }),
          projectItem({ id: 2, project: { name: 'Rasid CRM', key: 'rasid' } }),
        ],
      }),
    )
    await renderSection()
    expect(FakeObserver.last?.options.threshold).toBe(FEATURED_THRESHOLD)
    expect(FEATURED_THRESHOLD).toBe(0.1)
    expect(fetchMock).not.toHaveBeenCalled()

    FakeObserver.last?.show()
    expect(await screen.findAllByTestId('project-card')).toHaveLength(2)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/public/projects/?page=1')
    expect(screen.getByRole('heading', { name: 'Rasid CRM' })).toBeInTheDocument()
  })

  it('shows the error panel with Try Again when the projects cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(500, { detail: 'Internal server error.' }))
    await renderSection()
    FakeObserver.last?.show()
    expect(await screen.findByText('Failed to fetch projects', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
  })

  it('says so when there are no projects', async () => {
    fetchMock.mockResolvedValue(json(200, { count: 0, next: null, previous: null, results: [] }))
    await renderSection()
    FakeObserver.last?.show()
    expect(await screen.findByText('No projects found')).toBeInTheDocument()
  })
})

describe('TechStrip', () => {
  it('lists the 12 technologies once for assistive technology (the loop copy is hidden)', () => {
    renderWithProviders(<TechStrip />)
    expect(TECHNOLOGIES).toHaveLength(12)
    const strip = screen.getByTestId('tech-strip')
    expect(within(strip).getAllByRole('img')).toHaveLength(12)
    expect(strip.querySelectorAll('li')).toHaveLength(24)
  })

  it('shows the first letter of a technology whose logo fails to load', () => {
    renderWithProviders(<TechStrip />)
    const logo = screen.getByRole('img', { name: 'Kubernetes logo' })
    fireEvent.error(logo)
    const fallback = screen.getByRole('img', { name: 'Kubernetes logo' })
    expect(fallback.tagName).not.toBe('IMG')
    expect(fallback).toHaveTextContent(/^K$/)
  })
})

describe('HomeServices and SocialBlock', () => {
  it('shows eight service cards with NEW on AI and Digital Marketing only', async () => {
    await renderWithRouter(() => <HomeServices />)
    const cards = screen.getAllByTestId('home-service-card')
    expect(cards).toHaveLength(8)
    const marked = cards
      .filter((card) => within(card).queryByText('NEW'))
      .map((card) => within(card).getByRole('heading').textContent)
    expect(marked).toEqual(['AI & Machine Learning', 'Digital Marketing'])
    expect(cards[0]).toHaveAttribute('href', '/services/web-development')
  })

  it('draws the service cards and the sections below the first screen only near the viewport (issue 31)', async () => {
    const { unmount } = await renderWithRouter(() => <HomeServices />)
    for (const card of screen.getAllByTestId('home-service-card'))
      expect(card.className).toMatch(/deferredCard/)
    unmount()
    renderWithProviders(<SocialBlock />)
    expect(screen.getByRole('region', { name: 'A Growing Community' }).className).toMatch(/deferredSection/)
  })

  it('shows the fixed social figures', () => {
    renderWithProviders(<SocialBlock />)
    for (const figure of SOCIAL_FIGURES) expect(screen.getByText(figure.value)).toBeInTheDocument()
    expect(SOCIAL_FIGURES.map((f) => f.value)).toEqual(['10K+', '25K+', '5K+', '+150%'])
  })
})
