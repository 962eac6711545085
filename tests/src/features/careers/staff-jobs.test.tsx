import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffJob } from '../../../../src/contract/careers-staff'
import { JobForm } from '../../../../src/features/careers/components/staff/job-form'
import { ApiError } from '../../../../src/lib/api-client'
import { renderWithRouter } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

spyOnToasts()

describe('JobForm', { timeout: SLOW_UI }, () => {
  const job: StaffJob = {
    id: 4,
    slug: 'qa-engineer',
    title: 'QA Engineer',
    category: 'Engineering',
    department: 'Quality',
    location: 'Cairo',
    job_type: 'full-time',
    work_from: 'hybrid',
    experience_level: 'mid',
    description: 'Test things',
    job_description: '',
    requirements: '',
    responsibilities: '',
    benefits: '',
    skills: 'Playwright, Cypress',
    salary_range: '',
    is_active: false,
    is_featured: false,
    application_deadline: null,
    applications_count: 0,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
  }

  it('edits a job whose skills are one comma-separated text as a list, and shows field errors', async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <JobForm
        job={job}
        submitLabel="Save changes"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a date as YYYY-MM-DD.', {
            detail: 'Enter a date as YYYY-MM-DD.',
            application_deadline: ['Enter a date as YYYY-MM-DD.'],
          })
        }}
      />
    ))
    await userEvent.clear(screen.getByLabelText(/^Location/))
    await userEvent.type(screen.getByLabelText(/^Location/), 'Remote')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findAllByText('Enter a date as YYYY-MM-DD.')).toHaveLength(2)
    expect(submitted[0]).toMatchObject({
      title: 'QA Engineer',
      location: 'Remote',
      skills: ['Playwright', 'Cypress'],
      work_from: 'hybrid',
    })
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Remote')
  })
})
