import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { newsletterMessages } from '../../../../src/contract/newsletter'
import {
  NewsletterForm,
  newsletterFailureMessage,
} from '../../../../src/features/newsletter/components/newsletter-form'
import { toast } from '../../../../src/components/toast'
import { ApiError } from '../../../../src/lib/api-client'
import { json, stubFetch } from '../../helpers/http'
import { renderWithProviders } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()

async function submit(email: string) {
  const user = userEvent.setup()
  renderWithProviders(<NewsletterForm />)
  const input = screen.getByLabelText('Email address')
  if (email) await user.type(input, email)
  await user.click(screen.getByRole('button', { name: 'Subscribe' }))
  return input
}

describe('NewsletterForm', () => {
  it('asks for an address when empty, for 3 s, without calling the server', async () => {
    await submit('')
    expect(await screen.findByText(newsletterMessages.emptyEmail)).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(newsletterMessages.emptyEmail, 3000)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('rejects a bad format for 3 s and keeps what was typed', async () => {
    const input = await submit('reader@example')
    expect(await screen.findByText(newsletterMessages.invalidFormat)).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(newsletterMessages.invalidFormat, 3000)
    expect(input).toHaveValue('reader@example')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('subscribes, shows the server message for 5 s and clears the field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(201, { success: true, message: newsletterMessages.subscribed, email: 'reader@example.com' }),
    )
    const input = await submit(' reader@example.com ')
    expect(await screen.findByText(newsletterMessages.subscribed)).toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledWith(newsletterMessages.subscribed, 5000)
    await waitFor(() => expect(input).toHaveValue(''))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/public/newsletter/subscribe/')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'reader@example.com' })
  })

  it('shows the server e-mail field error first, for 5 s, and keeps the address', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { detail: 'Invalid input.', email: ['Enter a valid email address.'] }),
    )
    const input = await submit('reader@example.com')
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith('Enter a valid email address.', 5000)
    expect(input).toHaveValue('reader@example.com')
  })

  it('says it could not subscribe when the server is unreachable', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await submit('reader@example.com')
    expect(await screen.findByText(newsletterMessages.subscribeUnreachable)).toBeInTheDocument()
  })
})

describe('newsletterFailureMessage', () => {
  it('prefers the e-mail field error, then the server message, then the generic text', () => {
    expect(
      newsletterFailureMessage(new ApiError(400, 'x', { detail: 'Invalid input.', email: ['Bad.'] })),
    ).toBe('Bad.')
    expect(newsletterFailureMessage(new ApiError(429, 'x', { detail: 'Request was throttled.' }))).toBe(
      'Request was throttled.',
    )
    expect(newsletterFailureMessage(new ApiError(400, 'x', { message: 'Already on the list' }))).toBe(
      'Already on the list',
    )
    expect(newsletterFailureMessage(new ApiError(502, 'HTTP error! status: 502'))).toBe(
      newsletterMessages.subscribeFailed,
    )
    expect(newsletterFailureMessage(new TypeError('Failed to fetch'))).toBe(
      newsletterMessages.subscribeUnreachable,
    )
  })
})
