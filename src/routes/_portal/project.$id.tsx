import { createFileRoute } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { ProjectError, ProjectPage } from '@/features/portal/components/project-page'
import { PROJECT_TABS, type ProjectTab } from '@/features/portal/tabs'
import { searchEnum, searchId } from '@/lib/search-params'
import { TicketPanel } from '@/features/support/components/ticket-panel'

export const Route = createFileRoute('/_portal/project/$id')({
  // ?tab=tickets opens the Support Tickets tab; ?ticket={id} one ticket in it.
  validateSearch: (search): { tab?: ProjectTab; ticket?: number } => ({
    tab: searchEnum(search.tab, PROJECT_TABS),
    ticket: searchId(search.ticket),
  }),
  component: function ProjectRoute() {
    const { id } = Route.useParams()
    const { tab, ticket } = Route.useSearch()
    const navigate = Route.useNavigate()
    const projectId = readRecordId(id)
    if (projectId === null) return <ProjectError notFound />
    return (
      <ProjectPage
        projectId={projectId}
        tab={ticket ? 'tickets' : (tab ?? 'overview')}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })
        }
        tickets={
          <TicketPanel
            projectId={projectId}
            ticketId={ticket ?? null}
            onOpenTicket={(next) => void navigate({ search: { tab: 'tickets', ticket: next ?? undefined } })}
          />
        }
      />
    )
  },
})
