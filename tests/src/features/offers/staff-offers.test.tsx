import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { OfferForm } from '../../../../src/features/offers/components/staff/offer-form'
import { ApiError } from '../../../../src/lib/api-client'
import { renderWithRouter } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

spyOnToasts()

describe('OfferForm', { timeout: SLOW_UI }, () => {
  it('asks for a title and a service, then sends prices as numbers and keeps input after a refusal', async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <OfferForm
        submitLabel="Create offer"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'The end must be after the start.', {
            detail: 'The end must be after the start.',
            valid_until: ['The end must be after the start.'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }))
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2)
    expect(submitted).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Cloud audit' } })
    await userEvent.click(screen.getByRole('combobox', { name: /^Service/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Cloud & DevOps', hidden: true }))
    const price = screen.getByRole('textbox', { name: /^Price/ })
    await userEvent.clear(price)
    await userEvent.type(price, '800')
    await userEvent.click(screen.getByRole('button', { name: 'Create offer' }))
    expect(await screen.findAllByText('The end must be after the start.')).toHaveLength(2)
    expect(submitted[0]).toMatchObject({
      title: 'Cloud audit',
      service_type: 'cloud',
      price: 800,
      original_price: null,
      currency: 'USD',
    })
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Cloud audit')
  })
})
