import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { careersMessages, type Job } from '../../../../src/contract/careers'
import { filterJobs } from '../../../../src/features/careers/components/careers-page'
import { JobDetailPage } from '../../../../src/features/careers/components/job-detail-page'
import { serveRoutes, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const fetchMock = stubFetch()

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 3,
    slug: 'qa-engineer',
    title: 'QA Engineer',
    category: 'Engineering',
    department: 'Quality',
    location: 'Cairo, Egypt',
    job_type: 'full-time',
    work_from: 'hybrid',
    experience_level: 'mid',
    description: 'Test things.',
    job_description: '',
    requirements: '- Playwright\n\n2) TypeScript\n',
    responsibilities: 'Write tests\nReview releases',
    benefits: 'Health insurance',
    skills: 'Playwright, TypeScript , API Testing',
    salary_range: '$1 - $2',
    is_active: true,
    is_featured: false,
    application_deadline: null,
    applications_count: 4,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-02T10:00:00.000Z',
    ...overrides,
  }
}

describe('filterJobs (the current page only)', () => {
  const jobs = [
    job({
      id: 1,
      title: 'Flutter Developer',
      job_type: 'full-time',
      experience_level: 'mid',
      skills: ['Dart'],
    }),
    job({
      id: 2,
      title: 'Design Intern',
      job_type: 'internship',
      experience_level: 'entry',
      skills: 'Figma',
    }),
    job({ id: 3, title: 'Security Lead', job_type: 'contract', experience_level: 'lead', skills: [] }),
  ]
  const ids = (list: Job[]) => list.map((j) => j.id)

  it('filters by job type or by experience level', () => {
    expect(ids(filterJobs(jobs, '', 'all'))).toEqual([1, 2, 3])
    expect(ids(filterJobs(jobs, '', { type: 'internship' }))).toEqual([2])
    expect(ids(filterJobs(jobs, '', { level: 'lead' }))).toEqual([3])
  })

  it('searches titles and skills in any letter case, combined with the filter', () => {
    expect(ids(filterJobs(jobs, 'FIGMA', 'all'))).toEqual([2])
    expect(ids(filterJobs(jobs, 'dart', { type: 'contract' }))).toEqual([])
    expect(ids(filterJobs(jobs, '  security ', 'all'))).toEqual([3])
  })
})

// The first render of the page in jsdom is slow on a busy machine: a budget for waiting, not a timing assertion.
describe('JobDetailPage', { timeout: 20_000 }, () => {
  it('shows lists from newline text, skills from a comma string and the default description', async () => {
    serveRoutes(fetchMock, { '/api/public/careers/qa-engineer/': job({ description: '' }) })
    await renderWithRouter(() => <JobDetailPage slug="qa-engineer" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'QA Engineer' })).toBeInTheDocument()
    expect(screen.getByText(careersMessages.defaultDescription)).toBeInTheDocument()
    const requirements = screen.getByRole('heading', { name: 'Requirements' }).parentElement
    expect(
      within(requirements ?? document.body)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Playwright', 'TypeScript'])
    expect(screen.getByText('API Testing')).toBeInTheDocument()
    expect(screen.getByText('4 applicants')).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Job application' })).toBeInTheDocument()
  })

  it('closes the form after the deadline', async () => {
    serveRoutes(fetchMock, {
      '/api/public/careers/qa-engineer/': job({ application_deadline: '2020-01-01' }),
    })
    await renderWithRouter(() => <JobDetailPage slug="qa-engineer" />)
    expect(await screen.findByText(careersMessages.deadlinePassed)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Job application' })).not.toBeInTheDocument()
  })

  it('says the job was not found on a 404', async () => {
    serveRoutes(fetchMock, {})
    await renderWithRouter(() => <JobDetailPage slug="gone" />)
    expect(await screen.findByRole('heading', { name: careersMessages.jobNotFound })).toBeInTheDocument()
  })
})
