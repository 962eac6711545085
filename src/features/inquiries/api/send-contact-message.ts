import { useMutation } from '@tanstack/react-query'
import {
  defaultSubject,
  inquiryTypeValue,
  submissionResponseSchema,
  type ContactValues,
} from '@/contract/inquiries'
import { apiRequest } from '@/lib/api-client'
import { withoutEmpty } from '../without-empty'

/** The JSON the spec sends: the subject defaults to '<Type> Inquiry', the type is lower-cased. */
export function contactPayload(values: ContactValues) {
  return {
    ...withoutEmpty({ phone: values.phone.trim(), company: values.company.trim() }),
    name: values.name.trim(),
    email: values.email.trim(),
    subject: defaultSubject(values.subject, values.inquiryType),
    message: values.message.trim(),
    inquiry_type: inquiryTypeValue(values.inquiryType),
  }
}

export function sendContactMessage(values: ContactValues) {
  return apiRequest('/api/public/contact/', {
    method: 'POST',
    json: contactPayload(values),
    schema: submissionResponseSchema,
  })
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
