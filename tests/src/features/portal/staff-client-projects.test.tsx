import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ClientProjectForm } from '../../../../src/features/portal/components/staff/client-project-form'
import { stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

describe('ClientProjectForm', { timeout: SLOW_UI }, () => {
  it("shows the server's field errors on their fields and keeps what was typed", async () => {
    signedIn()
    serve({ '/api/staff/client-options/': { results: [] } })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <ClientProjectForm
          submitLabel="Create project"
          pending={false}
          onSubmit={async (values) => {
            submitted.push(values)
            const { ApiError } = await import('../../../../src/lib/api-client')
            throw new ApiError(400, 'The end date cannot be before the start date.', {
              detail: 'The end date cannot be before the start date.',
              end_date: ['The end date cannot be before the start date.'],
            })
          }}
        />
      ),
      { path: '/staff/projects' },
    )
    await userEvent.type(screen.getByLabelText(/^Name/), 'Loyalty App')
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findAllByText('The end date cannot be before the start date.')).toHaveLength(2)
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Loyalty App')
    expect(submitted[0]).toMatchObject({ name: 'Loyalty App', status: 'new', clients: [] })
  })

  it('asks for a name before sending', async () => {
    signedIn()
    serve({ '/api/staff/client-options/': { results: [] } })
    const submitted: unknown[] = []
    await renderWithRouter(
      () => (
        <ClientProjectForm
          submitLabel="Create project"
          pending={false}
          onSubmit={async (v) => void submitted.push(v)}
        />
      ),
      { path: '/staff/projects' },
    )
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)
  })
})
