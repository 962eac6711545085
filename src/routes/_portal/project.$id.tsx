import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { MAX_ID } from '@/contract/portal'
import { PROJECT_TABS, ProjectError, ProjectPage } from '@/features/client-projects/components/project-page'
import { TicketPanel } from '@/features/support/components/ticket-panel'

const positiveId = z.catch(
  z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ID))),
  undefined,
)

export const Route = createFileRoute('/_portal/project/$id')({
  // ?tab=tickets opens the Support Tickets tab; ?ticket={id} one ticket in it.
  validateSearch: z.object({
    tab: z.catch(z.optional(z.enum(PROJECT_TABS)), undefined),
    ticket: positiveId,
  }),
  component: function ProjectRoute() {
    const { id } = Route.useParams()
    const { tab, ticket } = Route.useSearch()
    const navigate = Route.useNavigate()
    const projectId = /^\d{1,10}$/.test(id) ? Number(id) : NaN
    if (!Number.isInteger(projectId) || projectId < 1 || projectId > MAX_ID) return <ProjectError notFound />
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
