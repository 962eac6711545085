import { createFileRoute } from '@tanstack/react-router'
import { INBOX_KINDS, type InboxKind } from '@/contract/inbox-kinds'
import { InboxPage } from '@/features/inquiries/components/staff/inbox-page'

const isKind = (value: unknown): value is InboxKind => (INBOX_KINDS as readonly unknown[]).includes(value)

export const Route = createFileRoute('/_portal/staff/inbox')({
  validateSearch: (search: Record<string, unknown>): { kind?: InboxKind } =>
    isKind(search.kind) ? { kind: search.kind } : {},
  component: function StaffInboxRoute() {
    const { kind } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <InboxPage
        kind={kind ?? 'contact-messages'}
        onKind={(next) => void navigate({ search: { kind: next }, replace: true })}
      />
    )
  },
})
