import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { INQUIRY_TYPE_LABELS } from '@/contract/inquiries'
import { OnlineOnly } from '@/components/offline-notice'
import { ContactPage } from '@/features/company/components/contact-page'

export const Route = createFileRoute('/contact')({
  // Other pages can open the form prefilled, e.g. an OTP plan request from a service page.
  validateSearch: z.object({
    type: z.catch(z.optional(z.enum(INQUIRY_TYPE_LABELS)), undefined),
    subject: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  }),
  component: function ContactRoute() {
    const { type, subject } = Route.useSearch()
    return (
      <OnlineOnly>
        <ContactPage key={`${type ?? ''}|${subject ?? ''}`} initialType={type} initialSubject={subject} />
      </OnlineOnly>
    )
  },
})
