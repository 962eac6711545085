import { createFileRoute } from '@tanstack/react-router'
import { INQUIRY_TYPE_LABELS, type InquiryTypeLabel } from '@/contract/inquiry-types'
import { OnlineOnly } from '@/components/offline-notice'
import { searchEnum, searchText } from '@/lib/search-params'
import { ContactPage } from '@/features/inquiries/components/contact-page'
import { OfficeBlock } from '@/features/offices/components/office-block'

export const Route = createFileRoute('/contact')({
  // Other pages can open the form prefilled, e.g. an OTP plan request from a service page.
  validateSearch: (search): { type?: InquiryTypeLabel; subject?: string } => ({
    type: searchEnum(search.type, INQUIRY_TYPE_LABELS),
    subject: searchText(search.subject, 200),
  }),
  component: function ContactRoute() {
    const { type, subject } = Route.useSearch()
    return (
      <OnlineOnly>
        <ContactPage
          key={`${type ?? ''}|${subject ?? ''}`}
          initialType={type}
          initialSubject={subject}
          offices={<OfficeBlock />}
        />
      </OnlineOnly>
    )
  },
})
