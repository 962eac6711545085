import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { wizardMessages } from '../../../../src/contract/apps'
import { CreateAppWizard } from '../../../../src/features/apps/components/create-app-wizard'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})

const smsPackages = {
  packages: [
    {
      id: 11,
      name: 'SMS Msg Basic',
      service_type: 'sms',
      price: 100,
      duration_months: 12,
      limit: 100000,
      sms_scope: 'local',
    },
  ],
}

describe('/create-app', { timeout: 20_000 }, () => {
  it('shows each step message, keeps what was typed and sends the app with its packages', async () => {
    const sent: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/client/messaging/packages/sms_packages/') return json(200, smsPackages)
      if (path === '/api/client/create-app/') {
        sent.push(JSON.parse(String(init?.body)))
        return json(400, { detail: 'The sms package you chose is not available. Please choose another.' })
      }
      return json(404, { detail: 'Not found.' })
    })
    await renderWithRouter(() => <CreateAppWizard payment={() => <p>checkout</p>} />, { path: '/create-app' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Next Step' }))
    expect(screen.getByTestId('wizard-error')).toHaveTextContent(wizardMessages.appNameRequired)
    await user.type(screen.getByLabelText(/App name/), 'Order Alerts')
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(screen.getByTestId('wizard-error')).toHaveTextContent(wizardMessages.serviceRequired)
    await user.click(screen.getByTestId('service-sms'))
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    await user.click(await screen.findByTestId('package-11'))
    await user.click(screen.getByTestId('package-11'))
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(screen.getByTestId('wizard-error')).toHaveTextContent(wizardMessages.packageRequired)
    await user.click(screen.getByTestId('package-11'))
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(screen.getByTestId('wizard-total')).toHaveTextContent('$100.00')
    await user.click(screen.getByRole('button', { name: 'Create App' }))
    expect(await screen.findByTestId('wizard-error')).toHaveTextContent(
      wizardMessages.setupFailed('The sms package you chose is not available. Please choose another.'),
    )
    expect(sent).toEqual([
      { app_name: 'Order Alerts', service_type: ['sms'], selected_packages: { sms: 11 } },
    ])
    // Previous keeps what was chosen.
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(screen.getByTestId('package-11')).toHaveAttribute('aria-pressed', 'true')
  })

  it("says 'Failed to load sms packages' when the catalogue does not load", async () => {
    fetchMock.mockImplementation(async () => json(500, { detail: 'down' }))
    await renderWithRouter(() => <CreateAppWizard />, { path: '/create-app' })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/App name/), 'A')
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    await user.click(screen.getByTestId('service-sms'))
    await user.click(screen.getByRole('button', { name: 'Next Step' }))
    expect(await screen.findByText(wizardMessages.packagesFailed('sms'))).toBeInTheDocument()
  })
})
