import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { checkProjectStep, type ProjectInquiryValues } from '../../../../src/contract/project-inquiries'
import { inquiryMessages } from '../../../../src/contract/inquiries'
import {
  emptyProjectInquiry,
  ProjectWizard,
} from '../../../../src/features/inquiries/components/project-wizard'
import { json, stubFetch } from '../../helpers/http'
import { renderWithProviders } from '../../helpers/render'
import { clearToastsAfterEach } from '../../helpers/toasts'

const fetchMock = stubFetch()
clearToastsAfterEach()

describe('checkProjectStep', () => {
  const filled: ProjectInquiryValues = {
    ...emptyProjectInquiry,
    project_name: 'Clinic app',
    description: 'Bookings',
    contact_name: 'Omar',
    contact_email: 'omar@example.com',
  }

  it.each([
    [1, { project_name: ' ' }, ['project_name']],
    [2, { description: '' }, ['description']],
    [3, { contact_name: '', contact_email: '' }, ['contact_name', 'contact_email']],
  ] as const)('step %i needs its required fields', (step, change, fields) => {
    expect(checkProjectStep(step, { ...filled, ...change })).toEqual({
      message: inquiryMessages.requiredFields,
      fields,
    })
  })

  it('does not enforce the project type (labelled required only)', () => {
    expect(checkProjectStep(1, { ...filled, project_type: '' })).toBeNull()
  })

  it('checks the e-mail pattern on the last step', () => {
    expect(checkProjectStep(3, { ...filled, contact_email: 'omar@example' })?.message).toBe(
      inquiryMessages.invalidEmail,
    )
    expect(checkProjectStep(3, filled)).toBeNull()
  })
})

/** Pastes instead of typing key by key: the same events for the form, a fraction of the work. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

async function fillToLastStep(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/Project name/), 'Clinic Booking')
  await user.selectOptions(screen.getByLabelText(/Project type/), 'web')
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  await fill(user, await screen.findByLabelText(/Project description/), 'Patients book online.')
  await user.click(screen.getByRole('checkbox', { name: 'Payment Integration' }))
  await user.click(screen.getByRole('button', { name: 'Next Step' }))
  await fill(user, await screen.findByLabelText(/Your name/), 'Omar Adel')
}

describe('ProjectWizard', { timeout: 20_000 }, () => {
  it('moves one step at a time and only when the step is complete', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ProjectWizard />)
    expect(screen.getByRole('heading', { name: 'Project Basics' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Submit Project' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(await screen.findByText(inquiryMessages.requiredFields)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Project Basics' })).toBeInTheDocument()

    await fill(user, screen.getByLabelText(/Project name/), 'Clinic Booking')
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(await screen.findByRole('heading', { name: 'Requirements' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(screen.getByRole('heading', { name: 'Requirements' })).toBeInTheDocument()

    await fill(user, screen.getByLabelText(/Project description/), 'Patients book online.')
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(await screen.findByRole('heading', { name: 'Contact & Submit' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Project' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByLabelText(/Project description/)).toHaveValue('Patients book online.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('rejects a bad e-mail on the last step without sending', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ProjectWizard />)
    await fillToLastStep(user)
    await fill(user, screen.getByLabelText(/^Email/), 'omar@example')
    await user.click(screen.getByRole('button', { name: 'Submit Project' }))
    expect(await screen.findByText(inquiryMessages.invalidEmail)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the brief as multipart, shows Submitting..., then clears and returns to step 1', async () => {
    let answer: (response: Response) => void = () => {}
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    renderWithProviders(<ProjectWizard />)
    await fillToLastStep(user)
    await fill(user, screen.getByLabelText(/^Email/), 'omar@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit Project' }))

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled()
    expect(screen.getByLabelText(/Your name/)).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/public/project-inquiry/')
    const form = init?.body
    expect(form).toBeInstanceOf(FormData)
    if (!(form instanceof FormData)) return
    expect(Object.fromEntries(form.entries())).toEqual({
      project_name: 'Clinic Booking',
      project_type: 'web',
      description: 'Patients book online.',
      contact_name: 'Omar Adel',
      contact_email: 'omar@example.com',
      features: '["Payment Integration"]',
    })

    answer(json(201, { success: true, message: inquiryMessages.projectSubmitted, id: 7 }))
    expect(await screen.findByText(inquiryMessages.projectSubmitted)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Project Basics' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Project name/)).toHaveValue('')
  })

  it('keeps what was typed and shows the server message when the server refuses', async () => {
    fetchMock.mockResolvedValue(
      json(429, { detail: 'Request was throttled. Expected available in 60 seconds.' }),
    )
    const user = userEvent.setup()
    renderWithProviders(<ProjectWizard />)
    await fillToLastStep(user)
    await fill(user, screen.getByLabelText(/^Email/), 'omar@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit Project' }))
    expect(
      await screen.findByText('Request was throttled. Expected available in 60 seconds.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/Your name/)).toHaveValue('Omar Adel')
    expect(screen.getByRole('heading', { name: 'Contact & Submit' })).toBeInTheDocument()
  })

  it('shows the retry text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = userEvent.setup()
    renderWithProviders(<ProjectWizard />)
    await fillToLastStep(user)
    await fill(user, screen.getByLabelText(/^Email/), 'omar@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit Project' }))
    expect(await screen.findByText(inquiryMessages.projectFailedRetry)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Project' })).toBeEnabled())
  })
})
