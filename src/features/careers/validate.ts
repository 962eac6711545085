import { careersMessages, normalizePhone } from '@/contract/careers'
import { isEmail } from '@/contract/common'

export interface ApplicationFormValues {
  name: string
  email: string
  /** The phone number as it will be sent ('' for none). */
  phone: string
  cv: File | null
}

export type ApplicationField = 'name' | 'email' | 'phone' | 'cv'

/** The form's checks in the spec's order (spec 000 §5): required fields and the CV, then the e-mail. */
export function checkApplicationForm(
  values: ApplicationFormValues,
): { message: string; fields: ApplicationField[] } | null {
  const missing: ApplicationField[] = []
  if (!values.name.trim()) missing.push('name')
  if (!values.email.trim()) missing.push('email')
  if (!values.cv) missing.push('cv')
  if (missing.length > 0) return { message: careersMessages.requiredFieldsAndCv, fields: missing }
  if (!isEmail(values.email.trim())) return { message: careersMessages.invalidEmail, fields: ['email'] }
  if (values.phone && !normalizePhone(values.phone)) {
    return { message: careersMessages.invalidPhone, fields: ['phone'] }
  }
  return null
}
