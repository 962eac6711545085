import { createEvent, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { emptyCode, OtpInput } from '../../../../src/features/recovery/components/otp-input'
import { renderWithProviders } from '../../helpers/render'

let current: string[] = []
function Harness() {
  const [value, setValue] = useState(emptyCode)
  current = value
  return <OtpInput value={value} onChange={setValue} />
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`)

function paste(target: HTMLElement, text: string) {
  const event = createEvent.paste(target, { clipboardData: { getData: () => text } })
  fireEvent(target, event)
  return event
}

describe('OtpInput', () => {
  it('takes one digit per box and moves to the next box', async () => {
    renderWithProviders(<Harness />)
    await userEvent.click(box(1))
    await userEvent.keyboard('4821')
    expect(current).toEqual(['4', '8', '2', '1', '', ''])
    expect(box(5)).toHaveFocus()
  })

  it('ignores anything that is not a digit', async () => {
    renderWithProviders(<Harness />)
    await userEvent.click(box(1))
    await userEvent.keyboard('a-7 x')
    expect(current).toEqual(['7', '', '', '', '', ''])
    expect(box(2)).toHaveFocus()
  })

  it('fills every box from a pasted code, taking its digits only and at most six', () => {
    renderWithProviders(<Harness />)
    box(3).focus()
    const event = paste(box(3), 'Your code: 123-456 789')
    expect(event.defaultPrevented).toBe(true)
    expect(current).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(box(6)).toHaveFocus()
  })

  it('fills a shorter paste from the box in focus', () => {
    renderWithProviders(<Harness />)
    paste(box(4), '90')
    expect(current).toEqual(['', '', '', '9', '0', ''])
    expect(box(6)).toHaveFocus()
  })

  it('moves back on backspace in an empty box, and clears a filled box in place', async () => {
    renderWithProviders(<Harness />)
    await userEvent.click(box(1))
    await userEvent.keyboard('12')
    expect(box(3)).toHaveFocus()
    await userEvent.keyboard('{Backspace}')
    expect(box(2)).toHaveFocus()
    expect(current).toEqual(['1', '2', '', '', '', ''])
    await userEvent.keyboard('{Backspace}')
    expect(current).toEqual(['1', '', '', '', '', ''])
    expect(box(2)).toHaveFocus()
  })

  it('replaces the digit of a box typed over', async () => {
    renderWithProviders(<Harness />)
    await userEvent.click(box(1))
    await userEvent.keyboard('5')
    await userEvent.click(box(1))
    await userEvent.keyboard('7')
    expect(current[0]).toBe('7')
  })
})
