import { isEmail } from '@/contract/common'
import { messages } from '@/contract/messages'
import { PASSWORD_MIN_SCORE, scorePassword } from '@/contract/password'

export interface FormCheck<F extends string> {
  message: string
  /** Fields to mark as invalid next to the message. */
  fields: F[]
}

export interface LoginValues {
  email: string
  password: string
}

export function checkLogin(values: LoginValues): FormCheck<keyof LoginValues> | null {
  const empty = (['email', 'password'] as const).filter((f) => !values[f].trim())
  if (empty.length) return { message: messages.requiredFields, fields: [...empty] }
  if (!isEmail(values.email.trim())) return { message: messages.invalidEmail, fields: ['email'] }
  return null
}

export interface RegisterValues {
  first_name: string
  last_name: string
  email: string
  password: string
  confirm_password: string
  company_name: string
  phone: string
  accept_terms: boolean
  newsletter: boolean
}

/** The registration checks of spec 001 §5, in the spec's order. */
export function checkRegistration(values: RegisterValues): FormCheck<keyof RegisterValues> | null {
  const required = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const
  const empty = required.filter((f) => !values[f].trim())
  if (empty.length) return { message: messages.requiredFields, fields: [...empty] }
  if (!isEmail(values.email.trim())) return { message: messages.invalidEmail, fields: ['email'] }
  if (values.password !== values.confirm_password) {
    return { message: messages.passwordsDoNotMatch, fields: ['confirm_password'] }
  }
  if (scorePassword(values.password).score < PASSWORD_MIN_SCORE) {
    return { message: messages.strongerPassword, fields: ['password'] }
  }
  if (!values.accept_terms) return { message: messages.agreeTerms, fields: ['accept_terms'] }
  return null
}
