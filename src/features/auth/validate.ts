import { isEmail } from '@/contract/common'
import { messages } from '@/contract/messages'
import { meetsPasswordRules, passwordMessages } from '@/contract/password'

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

/**
 * The registration checks of spec 001 §5, in the spec's order, with the 8-character rule (spec 001's
 * limits) in the strength check; `guessable` tells a common or obvious password (loaded list).
 */
export function checkRegistration(
  values: RegisterValues,
  guessable: (password: string) => boolean = () => false,
): FormCheck<keyof RegisterValues> | null {
  const required = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const
  const empty = required.filter((f) => !values[f].trim())
  if (empty.length) return { message: messages.requiredFields, fields: [...empty] }
  if (!isEmail(values.email.trim())) return { message: messages.invalidEmail, fields: ['email'] }
  if (values.password !== values.confirm_password) {
    return { message: messages.passwordsDoNotMatch, fields: ['confirm_password'] }
  }
  if (!meetsPasswordRules(values.password)) {
    return { message: messages.strongerPassword, fields: ['password'] }
  }
  if (guessable(values.password)) return { message: passwordMessages.tooEasy, fields: ['password'] }
  if (!values.accept_terms) return { message: messages.agreeTerms, fields: ['accept_terms'] }
  return null
}

export interface PasswordChangeValues {
  current_password: string
  new_password: string
  confirm_password: string
}

/** The password change form: all fields, matching, the spec's rules, then not common or obvious. */
export function checkPasswordChange(
  values: PasswordChangeValues,
  guessable: (password: string) => boolean = () => false,
): FormCheck<keyof PasswordChangeValues> | null {
  const empty = (['current_password', 'new_password', 'confirm_password'] as const).filter((f) => !values[f])
  if (empty.length) return { message: messages.requiredFields, fields: [...empty] }
  if (values.new_password !== values.confirm_password) {
    return { message: messages.passwordsDoNotMatch, fields: ['confirm_password'] }
  }
  if (!meetsPasswordRules(values.new_password)) {
    return { message: messages.strongerPassword, fields: ['new_password'] }
  }
  if (guessable(values.new_password)) return { message: passwordMessages.tooEasy, fields: ['new_password'] }
  return null
}
