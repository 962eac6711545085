import { describe, expect, it } from 'vitest'
import { formatRegistrationError } from '../../../../src/contract/auth'
import { messages } from '../../../../src/contract/messages'
import { loginErrorMessage } from '../../../../src/features/auth/components/login-page'
import { checkLogin, checkRegistration, type RegisterValues } from '../../../../src/features/auth/validate'
import { ApiError } from '../../../../src/lib/api-client'

const valid: RegisterValues = {
  first_name: 'Nour',
  last_name: 'Adel',
  email: 'nour@example.com',
  password: 'Str0ng!Pass',
  confirm_password: 'Str0ng!Pass',
  company_name: '',
  phone: '',
  accept_terms: true,
  newsletter: true,
}

describe('formatRegistrationError', () => {
  it('joins each field errors with commas and fields with semicolons', () => {
    expect(
      formatRegistrationError({
        detail: 'Invalid input.',
        email: ['A user with this email already exists.'],
        password: ['Too short.', 'Too common.'],
      }),
    ).toBe(
      'Registration failed. email: A user with this email already exists.; password: Too short., Too common.',
    )
  })

  it('uses the detail when no field errors came back', () => {
    expect(formatRegistrationError({ detail: 'Request was throttled.' })).toBe('Request was throttled.')
  })

  it('falls back to the retry text for an unreadable body', () => {
    expect(formatRegistrationError(null)).toBe(messages.registrationFailedRetry)
    expect(formatRegistrationError({})).toBe(messages.registrationFailedRetry)
  })
})

describe('checkRegistration', () => {
  it('accepts valid values', () => {
    expect(checkRegistration(valid)).toBeNull()
  })

  it.each([
    [{ first_name: ' ' }, messages.requiredFields],
    [{ confirm_password: '' }, messages.requiredFields],
    [{ email: 'nour@example' }, messages.invalidEmail],
    [{ confirm_password: 'Str0ng!Pas' }, messages.passwordsDoNotMatch],
    [{ password: 'password', confirm_password: 'password' }, messages.strongerPassword],
    [{ accept_terms: false }, messages.agreeTerms],
  ])('reports %j with the spec message', (change, message) => {
    expect(checkRegistration({ ...valid, ...change })?.message).toBe(message)
  })

  it('checks in the spec order: required fields before the e-mail pattern', () => {
    expect(checkRegistration({ ...valid, email: 'bad', last_name: '' })?.message).toBe(
      messages.requiredFields,
    )
  })
})

describe('login form', () => {
  it('requires both fields, then a valid e-mail', () => {
    expect(checkLogin({ email: '', password: 'x' })).toEqual({
      message: messages.requiredFields,
      fields: ['email'],
    })
    expect(checkLogin({ email: 'a b@c.d', password: 'x' })?.message).toBe(messages.invalidEmail)
    expect(checkLogin({ email: 'a@b.co', password: 'x' })).toBeNull()
  })

  it('maps failures to the spec texts', () => {
    expect(loginErrorMessage(new ApiError(401, 'No active account'))).toBe(messages.loginFailedCredentials)
    expect(loginErrorMessage(new ApiError(429, 'Request was throttled.'))).toBe('Request was throttled.')
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(messages.loginFailedRetry)
  })
})
