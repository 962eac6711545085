import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { certificateMessages } from '../../../../src/contract/certificates'
import { toast } from '../../../../src/components/toast'
import { VerifyPage } from '../../../../src/features/certificates/components/verify-page'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'
import { certificate } from './fixtures'

const SLOW_UI = 20_000
const fetchMock = stubFetch()
spyOnToasts()

const sentSerials = () =>
  fetchMock.mock.calls.map(
    ([, init]) => (JSON.parse(String(init?.body)) as { serial_number: string }).serial_number,
  )

describe('VerifyPage', { timeout: SLOW_UI }, () => {
  it('upper-cases the serial from the address, verifies it at once and shows the result', async () => {
    fetchMock.mockResolvedValue(json(200, certificate()))
    await renderWithRouter(() => <VerifyPage serial="cyp-2026-prof-k7m2qx" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/cyp-2026-prof-k7m2qx',
    })
    expect(screen.getByLabelText('Certificate serial number')).toHaveValue('CYP-2026-PROF-K7M2QX')
    expect(await screen.findByText('Valid Certificate')).toBeInTheDocument()
    expect(sentSerials()).toEqual(['CYP-2026-PROF-K7M2QX'])
    expect(toast.success).toHaveBeenCalledWith(certificateMessages.found)
    expect(screen.getByText('Signature verified')).toBeInTheDocument()
    for (const title of ['Certificate Holder', 'Course', 'Validity', 'Issued By', 'Additional Details']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    }
    expect(screen.getByText('Nadia Farouk')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'How to Verify' })).toBeInTheDocument()
  })

  it('forces what is typed to upper case and asks for a serial when the field is blank', async () => {
    await renderWithRouter(() => <VerifyPage />, { path: '/certificate' })
    await userEvent.click(screen.getByRole('button', { name: 'Verify Certificate' }))
    expect(toast.error).toHaveBeenCalledWith(certificateMessages.serialRequired)
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.type(screen.getByLabelText('Certificate serial number'), 'cyp-2026')
    expect(screen.getByLabelText('Certificate serial number')).toHaveValue('CYP-2026')
  })

  it('shows Certificate Not Found for an unknown serial', async () => {
    fetchMock.mockResolvedValue(json(404, { detail: 'Certificate not found' }))
    await renderWithRouter(() => <VerifyPage serial="CYP-2026-TRNG-ZZZZZZ" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/CYP-2026-TRNG-ZZZZZZ',
    })
    expect(
      await screen.findByRole('heading', { name: certificateMessages.notFoundTitle }),
    ).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith(certificateMessages.notFoundToast)
  })

  it('shows an expired certificate as expired and a revoked one with its reason', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, certificate({ verification_status: 'expired', is_valid: false, expiry_date: '2025-01-01' })),
    )
    const first = await renderWithRouter(() => <VerifyPage serial="CYP-2026-PROF-K7M2QX" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/CYP-2026-PROF-K7M2QX',
    })
    expect(await screen.findByText('Expired Certificate')).toBeInTheDocument()
    expect(screen.getAllByText('EXPIRED').length).toBeGreaterThan(0)
    first.unmount()

    fetchMock.mockResolvedValueOnce(
      json(
        200,
        certificate({
          verification_status: 'revoked',
          is_valid: false,
          revoked_at: '2026-04-01T09:00:00Z',
          revocation_reason: 'Issued in error.',
        }),
      ),
    )
    await renderWithRouter(() => <VerifyPage serial="CYP-2026-PROF-K7M2QX" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/CYP-2026-PROF-K7M2QX',
    })
    const alert = (await screen.findByText('Revoked Certificate')).closest('[role="alert"]') as HTMLElement
    expect(within(alert).getByText(/Reason: Issued in error\./)).toBeInTheDocument()
  })

  it('warns when the signature no longer matches', async () => {
    fetchMock.mockResolvedValue(
      json(200, certificate({ is_valid: false, signature: { ...certificate().signature, verified: false } })),
    )
    await renderWithRouter(() => <VerifyPage serial="CYP-2026-PROF-K7M2QX" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/CYP-2026-PROF-K7M2QX',
    })
    expect(await screen.findByText('Signature check failed')).toBeInTheDocument()
  })

  it('opens the full-size certificate with the two downloads', async () => {
    fetchMock.mockResolvedValue(json(200, certificate()))
    await renderWithRouter(() => <VerifyPage serial="CYP-2026-PROF-K7M2QX" />, {
      path: '/certificate/$serialNumber',
      initial: '/certificate/CYP-2026-PROF-K7M2QX',
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Open the certificate at full size' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('button', { name: 'Download as PDF' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Download as Image' })).toBeInTheDocument()
    await waitFor(() =>
      expect(dialog.querySelector('[data-certificate="CYP-2026-PROF-K7M2QX"]')).not.toBeNull(),
    )
  })
})
