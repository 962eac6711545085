import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { careersMessages } from '../../../../src/contract/careers'
import { toast } from '../../../../src/components/toast'
import { JobApplicationForm } from '../../../../src/features/careers/components/job-application-form'
import { composePhone } from '../../../../src/features/careers/dial-codes'
import { checkApplicationForm } from '../../../../src/features/careers/validate'
import { json, stubFetch } from '../../helpers/http'
import { renderWithProviders } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()

const pdf = () => new File(['%PDF-1.7 my cv'], 'lina-cv.pdf', { type: 'application/pdf' })

function renderForm() {
  const user = userEvent.setup()
  renderWithProviders(<JobApplicationForm jobId={7} />)
  return user
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Application' })

async function fill(user: UserEvent, values: { name?: string; email?: string; phone?: string }) {
  if (values.name) await user.type(screen.getByLabelText(/Full name/), values.name)
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email)
  if (values.phone) await user.type(screen.getByLabelText('Phone number'), values.phone)
}

// Typing into several fields under jsdom is slow on a busy machine; this is a time budget, not an assertion.
describe('JobApplicationForm', { timeout: 30_000 }, () => {
  it('keeps submit disabled until a CV is chosen, and the CV can be removed again', async () => {
    const user = renderForm()
    expect(submitButton()).toBeDisabled()
    await user.upload(screen.getByLabelText('CV'), pdf())
    expect(await screen.findByText('lina-cv.pdf')).toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remove lina-cv.pdf' }))
    expect(screen.queryByText('lina-cv.pdf')).not.toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
  })

  it('starts with the default experience and Egypt as the phone country', () => {
    renderForm()
    const shown = (value: string) =>
      screen.getAllByDisplayValue(value).find((input) => input.getAttribute('type') !== 'hidden')
    expect(shown('0 experience')).toHaveAccessibleName('Experience')
    expect(shown('Egypt (+20)')).toHaveAccessibleName('Country code')
  })

  it('refuses a file of the wrong type or over 5 MB with the spec messages and clears it', async () => {
    const user = renderForm()
    await user.upload(screen.getByLabelText('CV'), new File(['x'], 'photo.png', { type: 'image/png' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(careersMessages.cvBadType, 3000))

    const big = new File(['%PDF-'], 'big.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    await user.upload(screen.getByLabelText('CV'), big)
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(careersMessages.cvTooLarge, 3000))
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
  })

  it('asks for the required fields (3 s) before sending anything', async () => {
    const user = renderForm()
    await user.upload(screen.getByLabelText('CV'), pdf())
    await user.click(submitButton())
    expect(await screen.findByText(careersMessages.requiredFieldsAndCv)).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(careersMessages.requiredFieldsAndCv, 3000)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('rejects a bad e-mail address with the spec message', async () => {
    const user = renderForm()
    await fill(user, { name: 'Lina Samir', email: 'lina@example' })
    await user.upload(screen.getByLabelText('CV'), pdf())
    await user.click(submitButton())
    expect(await screen.findByText(careersMessages.invalidEmail)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the application with an Egyptian phone number, shows the answer for 5 s and clears the form', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, {
        status: 'success',
        message: careersMessages.applicationSubmitted,
        application: { id: 12, career_id: 7, created_at: '2026-01-01T00:00:00.000Z' },
      }),
    )
    const user = renderForm()
    await fill(user, { name: 'Lina Samir', email: 'lina@example.com', phone: '0100 123 4567' })
    await user.upload(screen.getByLabelText('CV'), pdf())
    await user.click(submitButton())

    expect(await screen.findByText(careersMessages.applicationSubmitted)).toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledWith(careersMessages.applicationSubmitted, 5000)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/public/careers/7/apply/')
    const body = init?.body
    if (!(body instanceof FormData)) throw new Error('expected a multipart body')
    expect(body.get('name')).toBe('Lina Samir')
    expect(body.get('email')).toBe('lina@example.com')
    expect(body.get('experience')).toBe('0 experience')
    expect(body.get('phone_number')).toBe('+20 100 123 4567')
    expect(body.has('summary')).toBe(false)
    const sent = body.get('cv')
    expect(sent instanceof File && sent.name).toBe('lina-cv.pdf')

    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue(''))
    expect(screen.queryByText('lina-cv.pdf')).not.toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
  })

  it('shows the server message on failure and keeps what was typed', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { detail: careersMessages.deadlinePassed }))
    const user = renderForm()
    await fill(user, { name: 'Lina Samir', email: 'lina@example.com' })
    await user.upload(screen.getByLabelText('CV'), pdf())
    await user.click(submitButton())
    expect(await screen.findByText(careersMessages.deadlinePassed)).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(careersMessages.deadlinePassed, 5000)
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Lina Samir')
    expect(screen.getByText('lina-cv.pdf')).toBeInTheDocument()
  })

  it('falls back to the generic failure text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const user = renderForm()
    await fill(user, { name: 'Lina Samir', email: 'lina@example.com' })
    await user.upload(screen.getByLabelText('CV'), pdf())
    await user.click(submitButton())
    expect(await screen.findByText(careersMessages.applicationFailed)).toBeInTheDocument()
  })
})

describe('application rules', () => {
  const cv = pdf()
  it('checks required fields and the CV first, then the e-mail, then the phone', () => {
    expect(checkApplicationForm({ name: '', email: 'bad', phone: '', cv: null })).toEqual({
      message: careersMessages.requiredFieldsAndCv,
      fields: ['name', 'cv'],
    })
    expect(checkApplicationForm({ name: 'A', email: 'a b@c.d', phone: '', cv })?.message).toBe(
      careersMessages.invalidEmail,
    )
    expect(checkApplicationForm({ name: 'A', email: 'a@b.co', phone: '+20 12', cv })?.message).toBe(
      careersMessages.invalidPhone,
    )
    expect(checkApplicationForm({ name: 'A', email: 'a@b.co', phone: '', cv })).toBeNull()
  })

  it('composes the phone from the country code unless the visitor typed one', () => {
    expect(composePhone('EG', '')).toBe('')
    expect(composePhone('EG', '010 1234 5678')).toBe('+20 10 1234 5678')
    expect(composePhone('AE', '50 123 4567')).toBe('+971 50 123 4567')
    expect(composePhone('IT', '06 1234 5678')).toBe('+39 06 1234 5678')
    expect(composePhone('EG', '+1 312 555 0101')).toBe('+1 312 555 0101')
    expect(composePhone('EG', '0044 20 7946 0958')).toBe('0044 20 7946 0958')
  })
})
