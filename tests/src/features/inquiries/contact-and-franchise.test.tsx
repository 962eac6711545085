import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { inquiryMessages, inquiryTypeValue } from '../../../../src/contract/inquiries'
import { contactPayload } from '../../../../src/features/inquiries/api/send-contact-message'
import { ContactForm } from '../../../../src/features/inquiries/components/contact-form'
import { FranchiseForm } from '../../../../src/features/inquiries/components/franchise-form'
import { json, stubFetch } from '../../helpers/http'
import { renderWithProviders } from '../../helpers/render'
import { clearToastsAfterEach } from '../../helpers/toasts'

const fetchMock = stubFetch()
clearToastsAfterEach()

type User = ReturnType<typeof userEvent.setup>
async function fill(user: User, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label))
  await user.paste(text)
}

const sentJson = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))

describe('contact payload', () => {
  it('lower-cases the inquiry type, turns its first space into _ and defaults the subject', () => {
    expect(inquiryTypeValue('Technical Support Desk')).toBe('technical_support desk')
    expect(
      contactPayload({
        name: ' Laila ',
        email: 'laila@example.com',
        phone: '',
        company: '',
        subject: '',
        message: 'Hi',
        inquiryType: 'Partnership',
      }),
    ).toEqual({
      name: 'Laila',
      email: 'laila@example.com',
      subject: 'Partnership Inquiry',
      message: 'Hi',
      inquiry_type: 'partnership',
    })
  })
})

describe('ContactForm', { timeout: 20_000 }, () => {
  it('asks for the required fields, then for a valid e-mail, without sending', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(inquiryMessages.requiredFields)).toBeInTheDocument()
    await fill(user, /Full name/, 'Laila')
    await fill(user, /^Email/, 'laila@example')
    await fill(user, /Message/, 'We need an app.')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(inquiryMessages.invalidEmail)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the message with the chosen type, confirms it and clears the form', async () => {
    fetchMock.mockResolvedValue(json(201, { success: true, message: inquiryMessages.contactSent, id: 3 }))
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await fill(user, /Full name/, 'Laila')
    await fill(user, /^Email/, 'laila@example.com')
    await user.selectOptions(screen.getByLabelText('Inquiry type'), 'Quote')
    await fill(user, /Message/, 'We need an app.')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(inquiryMessages.contactSent)).toBeInTheDocument()
    expect(sentJson()).toEqual({
      name: 'Laila',
      email: 'laila@example.com',
      subject: 'Quote Inquiry',
      message: 'We need an app.',
      inquiry_type: 'quote',
    })
    expect(screen.getByLabelText(/Full name/)).toHaveValue('')
    expect(screen.getByLabelText('Inquiry type')).toHaveValue('General')
  })

  it('shows a cross mark with the server message and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(json(400, { detail: 'Please enter a valid email address.' }))
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await fill(user, /Full name/, 'Laila')
    await fill(user, /^Email/, 'laila@example.com')
    await fill(user, /Message/, 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('❌ Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Laila')
  })

  it('shows the retry text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = userEvent.setup()
    renderWithProviders(<ContactForm />)
    await fill(user, /Full name/, 'Laila')
    await fill(user, /^Email/, 'laila@example.com')
    await fill(user, /Message/, 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(inquiryMessages.contactFailedRetry)).toBeInTheDocument()
  })

  it('starts from a type and subject handed over by another page', () => {
    renderWithProviders(<ContactForm initialType="Quote" initialSubject="SMS OTP Pro plan request" />)
    expect(screen.getByLabelText('Inquiry type')).toHaveValue('Quote')
    expect(screen.getByLabelText(/Subject/)).toHaveValue('SMS OTP Pro plan request')
  })
})

describe('FranchiseForm', { timeout: 20_000 }, () => {
  it('requires the four fields, sends only what was filled in and clears on success', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        success: true,
        message: inquiryMessages.franchiseSubmitted,
        application: {
          id: 1,
          full_name: 'Hana Saleh',
          email: 'hana@example.com',
          phone: '+971 50 000 0000',
          country: 'UAE',
          city: null,
          business_experience: '5-10',
          investment_capacity: null,
          current_business: null,
          why_franchise: null,
          timeline: null,
          additional_info: null,
          status: 'pending',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<FranchiseForm />)
    await fill(user, /Full name/, 'Hana Saleh')
    await fill(user, /^Email/, 'hana@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(inquiryMessages.requiredFields)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()

    await fill(user, /^Phone/, '+971 50 000 0000')
    await fill(user, /^Country/, 'UAE')
    await user.selectOptions(screen.getByLabelText('Business experience'), '5-10')
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(inquiryMessages.franchiseSubmitted)).toBeInTheDocument()
    expect(sentJson()).toEqual({
      full_name: 'Hana Saleh',
      email: 'hana@example.com',
      phone: '+971 50 000 0000',
      country: 'UAE',
      business_experience: '5-10',
    })
    expect(screen.getByLabelText(/Full name/)).toHaveValue('')
  })

  it('shows the retry text when the server cannot be reached and keeps the values', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = userEvent.setup()
    renderWithProviders(<FranchiseForm />)
    await fill(user, /Full name/, 'Hana Saleh')
    await fill(user, /^Email/, 'hana@example.com')
    await fill(user, /^Phone/, '+971 50 000 0000')
    await fill(user, /^Country/, 'UAE')
    await user.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(inquiryMessages.franchiseFailedRetry)).toBeInTheDocument()
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Hana Saleh')
  })
})
