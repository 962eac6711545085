import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PortfolioProjectForm } from '../../../../src/features/projects/components/staff/portfolio-project-form'
import { ApiError } from '../../../../src/lib/api-client'
import { stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

const projectOptions = {
  categories: [{ id: 4, name: 'Mobile Apps' }],
  tech_tools: ['Flutter', 'React'],
}

describe('PortfolioProjectForm', { timeout: 2 * SLOW_UI }, () => {
  it('asks for a name, sends tools and screenshots in order, and shows a bad screenshot on its field', async () => {
    signedIn()
    serve({ '/api/staff/content/project-options/': projectOptions })
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <PortfolioProjectForm
        submitLabel="Create project"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a path on this site starting with / (upload an image to get one).', {
            detail: 'Enter a path on this site starting with / (upload an image to get one).',
            'images.1': ['Enter a path on this site starting with / (upload an image to get one).'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Souq Go' } })
    fireEvent.change(screen.getByLabelText(/^Key/), { target: { value: 'souq-go' } })
    const tools = screen.getByRole('combobox', { name: /^Technologies/ })
    await userEvent.type(tools, 'Flutter{Enter}Go Fiber{Enter}', { delay: null })
    const next = screen.getByLabelText(/^Next screenshot/)
    for (const path of ['/images/a.png', 'b.png', '/images/c.png']) {
      fireEvent.change(next, { target: { value: path } })
      fireEvent.click(screen.getByRole('button', { name: 'Add screenshot' }))
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove screenshot 3' }))
    expect(screen.getByRole('button', { name: 'Add screenshot' })).toBeDisabled()

    await userEvent.click(screen.getByRole('button', { name: 'Create project' }))
    await waitFor(() => expect(submitted).toHaveLength(1))
    expect(submitted[0]).toMatchObject({
      name: 'Souq Go',
      key: 'souq-go',
      type: null,
      order: 100,
      tech_tools: ['Flutter', 'Go Fiber'],
      images: ['/images/a.png', 'b.png'],
    })
    // The server's error on the second screenshot shows on the list; everything typed stays.
    expect(
      await screen.findAllByText('Enter a path on this site starting with / (upload an image to get one).'),
    ).toHaveLength(2)
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Souq Go')
    expect(screen.getByRole('img', { name: 'Screenshot 2' })).toHaveAttribute('src', 'b.png')
  })
})
