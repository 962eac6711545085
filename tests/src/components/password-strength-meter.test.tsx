import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { scorePassword } from '../../../src/contract/password'
import { PasswordStrengthMeter } from '../../../src/components/password-strength-meter'
import { renderWithProviders } from '../helpers/render'

describe('scorePassword', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Medium'],
    ['abcdefgH', 3, 'Medium'],
    ['abcdefH1', 4, 'Strong'],
    ['abcdeH1!', 5, 'Strong'],
    ['A1!', 3, 'Medium'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(scorePassword(password)).toMatchObject({ score, label })
  })

  it('lists the criteria still missing', () => {
    expect(scorePassword('abcdefgh').missing).toEqual([
      'One uppercase letter',
      'One number',
      'One special character',
    ])
  })
})

describe('PasswordStrengthMeter', () => {
  it('renders nothing for an empty password', () => {
    renderWithProviders(<PasswordStrengthMeter password="" />)
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument()
  })

  it('shows the label and what is missing', () => {
    renderWithProviders(<PasswordStrengthMeter password="abcdefgh" />)
    expect(screen.getByText('Medium')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Password strength: Medium' })).toBeInTheDocument()
    expect(screen.getByText('One uppercase letter')).toBeInTheDocument()
  })

  it('shows Strong for a password meeting every criterion and hides the checklist', () => {
    renderWithProviders(<PasswordStrengthMeter password="Str0ng!Pass" />)
    expect(screen.getByText('Strong')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Missing password criteria' })).not.toBeInTheDocument()
  })
})
