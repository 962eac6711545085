import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { certificateMessages } from '../../../../src/contract/certificates'
import type { ClientUser } from '../../../../src/contract/auth'
import { toast } from '../../../../src/components/toast'
import { CertificateManagementPage } from '../../../../src/features/certificates/components/management-page'
import { todayIso } from '../../../../src/features/certificates/form-values'
import { session } from '../../../../src/lib/session'
import { json, page, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { demoUser } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'
import { certificate } from './fixtures'

const SLOW_UI = 20_000
const fetchMock = stubFetch()
spyOnToasts()

async function signInAs(role: ClientUser['role']) {
  await act(() =>
    session.signIn({ access: 'access-token', refresh: 'r', client: { ...demoUser, role } as ClientUser }),
  )
}
afterEach(() => act(() => session.clearLocal()))

function serve(create: () => Promise<Response> | Response) {
  const posted: unknown[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/certificates/' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)))
      return create()
    }
    if (path === '/api/certificates/') return json(200, page([]))
    return json(404, { detail: 'Not found.' })
  })
  return posted
}

const renderPage = () =>
  renderWithRouter(() => <CertificateManagementPage />, { path: '/certificate-management' })

describe('CertificateManagementPage', { timeout: SLOW_UI }, () => {
  it('tells a client that only staff create certificates, without the form', async () => {
    await signInAs('client')
    await renderPage()
    expect(screen.getByRole('heading', { name: 'Certificate Management' })).toBeInTheDocument()
    expect(screen.getByText(/Only staff members can create certificates\./)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create Certificate' })).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("asks for the required fields with the spec's message", async () => {
    await signInAs('staff')
    const posted = serve(() => json(201, certificate()))
    await renderPage()
    await userEvent.click(screen.getByRole('button', { name: 'Create Certificate' }))
    expect(toast.error).toHaveBeenCalledWith(certificateMessages.requiredFields)
    expect(posted).toHaveLength(0)
  })

  it('previews live, shows Creating..., then the created panel, and resets the form', async () => {
    await signInAs('staff')
    let answer: (r: Response) => void = () => {}
    const posted = serve(() => new Promise<Response>((resolve) => (answer = resolve)))
    await renderPage()
    expect(screen.getByLabelText(/^Issue date/)).toHaveValue(todayIso())
    await userEvent.type(screen.getByLabelText(/^Recipient name/), 'Layla Hassan')
    await userEvent.type(screen.getByLabelText(/^Recipient email/), 'layla@example.com')
    await userEvent.type(screen.getByLabelText(/^Course name/), 'Secure Web Development')
    await userEvent.type(screen.getByLabelText('Skills'), 'React, , Testing')
    const preview = document.querySelector('[data-certificate$="-XXXXXX"]') as HTMLElement
    expect(within(preview).getByText('Layla Hassan')).toBeInTheDocument()
    expect(within(preview).getByText('Cypher Certification Authority')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Create Certificate' }))
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled()
    expect(posted[0]).toMatchObject({
      recipient_name: 'Layla Hassan',
      recipient_email: 'layla@example.com',
      course_name: 'Secure Web Development',
      certificate_type: 'training',
      skills: ['React', 'Testing'],
      metadata: {},
      verification_status: 'valid',
      is_valid: true,
      is_verified: true,
    })
    await act(async () => answer(json(201, certificate({ serial_number: 'CYP-2026-TRNG-ABC234' }))))

    expect(await screen.findByTestId('created-serial')).toHaveTextContent('CYP-2026-TRNG-ABC234')
    expect(toast.success).toHaveBeenCalledWith(
      'Certificate created successfully! Serial: CYP-2026-TRNG-ABC234',
      5000,
    )
    const view = screen.getByRole('link', { name: 'View Certificate' })
    expect(view).toHaveAttribute('href', '/certificate/CYP-2026-TRNG-ABC234')
    expect(view).toHaveAttribute('target', '_blank')
    expect(screen.getByLabelText(/^Recipient name/)).toHaveValue('')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('created-serial')).not.toBeInTheDocument()
  })

  it("shows the server's reason when creation fails and keeps the form", async () => {
    await signInAs('staff')
    serve(() =>
      json(400, {
        detail: 'Please enter a valid email address.',
        recipient_email: ['Please enter a valid email address.'],
      }),
    )
    await renderPage()
    await userEvent.type(screen.getByLabelText(/^Recipient name/), 'Layla Hassan')
    await userEvent.type(screen.getByLabelText(/^Recipient email/), 'layla@example.com')
    await userEvent.type(screen.getByLabelText(/^Course name/), 'Secure Web Development')
    await userEvent.click(screen.getByRole('button', { name: 'Create Certificate' }))
    await screen.findByRole('button', { name: 'Create Certificate' })
    expect(toast.error).toHaveBeenCalledWith('Please enter a valid email address.', 5000)
    expect(screen.getByLabelText(/^Recipient name/)).toHaveValue('Layla Hassan')
  })

  it('lists issued certificates and revokes one with a reason', async () => {
    await signInAs('staff')
    const revokes: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/certificates/CYP-2026-PROF-K7M2QX/revoke/') {
        revokes.push(JSON.parse(String(init?.body)))
        return json(
          200,
          certificate({ verification_status: 'revoked', revocation_reason: 'Issued in error.' }),
        )
      }
      if (path === '/api/certificates/') return json(200, page([certificate()]))
      return json(404, { detail: 'Not found.' })
    })
    await renderPage()
    expect(await screen.findByText('CYP-2026-PROF-K7M2QX')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    expect(toast.error).toHaveBeenCalledWith(certificateMessages.reasonRequired)
    expect(revokes).toHaveLength(0)
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Issued in error.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke certificate' }))
    await vi.waitFor(() => expect(revokes).toEqual([{ reason: 'Issued in error.' }]))
    expect(toast.success).toHaveBeenCalledWith(certificateMessages.revoked('CYP-2026-PROF-K7M2QX'))
  })
})
