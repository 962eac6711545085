import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLIENT_RATING, PROJECTS_DELIVERED } from '../../../../src/contract/company'
import { services } from '../../../../src/contract/services'
import { ServiceDetailPage } from '../../../../src/features/services/components/service-detail-page'
import { renderWithRouter } from '../../helpers/render'

afterEach(() => {
  vi.useRealTimers()
})

const renderService = (slug: string) => renderWithRouter(() => <ServiceDetailPage slug={slug} />)

describe('ServiceDetailPage', () => {
  it('shows Service Not Found with a way back for an unknown slug', async () => {
    await renderService('blockchain')
    expect(screen.getByRole('heading', { name: 'Service Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Services/ })).toHaveAttribute('href', '/services')
  })

  it('shows every section and the fixed figures of a regular service', async () => {
    await renderService('web-development')
    expect(screen.getByRole('heading', { level: 1, name: 'Web Development' })).toBeInTheDocument()
    for (const name of ['Overview', 'Key Features', 'Technologies Used', 'Deliverables', 'Project Details']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument()
    }
    expect(screen.getByText(PROJECTS_DELIVERED)).toBeInTheDocument()
    expect(screen.getByText(CLIENT_RATING)).toBeInTheDocument()
    expect(screen.getByText('Starting at $2,500')).toBeInTheDocument()
    expect(screen.getAllByText('4-8 weeks').length).toBeGreaterThan(0)
    expect(screen.queryByText('NEW SERVICE')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Schedule Consultation/ })).toHaveAttribute('href', '/contact')
  })

  it.each(services.filter((s) => s.isNew).map((s) => s.slug))(
    'marks %s as a NEW SERVICE with its promotional section',
    async (slug) => {
      await renderService(slug)
      expect(screen.getByText('NEW SERVICE')).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 2, name: /^New: / })).toBeInTheDocument()
    },
  )

  it('shows the SMS plans, the OTP explainer and the 95% success rate', async () => {
    await renderService('sms-otp')
    expect(screen.getByRole('heading', { name: 'What is SMS OTP?' })).toBeInTheDocument()
    expect(screen.getByTestId('success-rate')).toHaveTextContent('95%')
    for (const [plan, price] of [
      ['Basic', '300 EGP'],
      ['Standard', '500 EGP'],
      ['Pro', '800 EGP'],
    ] as const) {
      const card = screen.getByRole('article', { name: `${plan} plan` })
      expect(card).toHaveTextContent(price)
    }
    expect(screen.getByRole('article', { name: 'Standard plan' })).toHaveTextContent('Most Popular')
    expect(screen.getByRole('button', { name: 'Request OTP Plan' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Request Quote' })).not.toBeInTheDocument()
  })

  it('shows the four WhatsApp plans and the 98% success rate', async () => {
    await renderService('whatsapp-otp')
    expect(screen.getByRole('heading', { name: 'What is WhatsApp OTP?' })).toBeInTheDocument()
    expect(screen.getByTestId('success-rate')).toHaveTextContent('98%')
    expect(screen.getByRole('article', { name: 'Enterprise plan' })).toHaveTextContent('$400')
    expect(screen.getByRole('article', { name: 'Growth plan' })).toHaveTextContent('1000 messages')
  })

  it('clears the quote notice after 3 seconds', async () => {
    await renderService('cybersecurity')
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Request Quote' }))
    expect(screen.getByRole('status')).toHaveTextContent('Quote request: Cybersecurity')
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.getByRole('status')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('clears the OTP plan notice after 4 seconds and names the chosen plan', async () => {
    await renderService('whatsapp-otp')
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Request OTP Plan: Growth' }))
    const notice = screen.getByRole('status')
    expect(notice).toHaveTextContent('OTP plan request: Growth')
    expect(screen.getByRole('link', { name: 'Send the request' }).getAttribute('href')).toContain(
      'subject=WhatsApp+OTP+Growth+plan+request',
    )
    act(() => vi.advanceTimersByTime(3999))
    expect(screen.getByRole('status')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('restarts the countdown when the button is pressed again', async () => {
    await renderService('cloud')
    vi.useFakeTimers()
    fireEvent.click(screen.getByRole('button', { name: 'Request Quote' }))
    act(() => vi.advanceTimersByTime(2000))
    fireEvent.click(screen.getByRole('button', { name: 'Request Quote' }))
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByRole('status')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
