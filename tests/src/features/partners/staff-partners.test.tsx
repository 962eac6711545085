import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PartnerForm } from '../../../../src/features/partners/components/staff/partner-form'
import { ApiError } from '../../../../src/lib/api-client'
import { renderWithRouter } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

spyOnToasts()

describe('PartnerForm', { timeout: SLOW_UI }, () => {
  it("asks for a name, then shows the server's website error and keeps the input", async () => {
    const submitted: unknown[] = []
    await renderWithRouter(() => (
      <PartnerForm
        submitLabel="Create partner"
        pending={false}
        onSubmit={async (values) => {
          submitted.push(values)
          throw new ApiError(400, 'Enter a full address starting with https:// or http://.', {
            detail: 'Enter a full address starting with https:// or http://.',
            website: ['Enter a full address starting with https:// or http://.'],
          })
        }}
      />
    ))
    await userEvent.click(screen.getByRole('button', { name: 'Create partner' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(submitted).toHaveLength(0)
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Nile Cloud' } })
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'nile.example.com' } })
    await userEvent.click(screen.getByRole('button', { name: 'Create partner' }))
    expect(
      await screen.findAllByText('Enter a full address starting with https:// or http://.'),
    ).toHaveLength(2)
    expect(submitted[0]).toEqual({
      name: 'Nile Cloud',
      website: 'nile.example.com',
      image: null,
      position: 0,
    })
    expect(screen.getByLabelText(/^Website/)).toHaveValue('nile.example.com')
  })
})
