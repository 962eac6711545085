import { Anchor } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { staffContentMessages } from '@/contract/content-staff'
import { toast } from '@/components/toast'
import { staffPortfolioProjectsApi } from '../../api/staff-portfolio-projects'
import { ContentEntry, NewContentEntry } from '@/components/staff/content-entry'
import { PortfolioProjectForm } from './portfolio-project-form'

/** A new portfolio project: saved unpublished, then opened for editing and publishing. */
export function NewPortfolioProjectPage() {
  const create = staffPortfolioProjectsApi.useChange(staffPortfolioProjectsApi.create)
  const navigate = useNavigate()
  return (
    <NewContentEntry kind="projects" backLabel="All projects" title="New project">
      <PortfolioProjectForm
        submitLabel="Create project"
        pending={create.isPending}
        onSubmit={async (values) => {
          const project = await create.mutateAsync(values)
          toast.success(staffContentMessages.projectCreated, 3000)
          await navigate({ to: '/staff/content/projects/$id', params: { id: String(project.id) } })
        }}
      />
    </NewContentEntry>
  )
}

/** One portfolio project: published or not, its public address, and the form. */
export function PortfolioProjectPage({ id }: { id: number }) {
  return (
    <ContentEntry
      kind="projects"
      backLabel="All projects"
      loadingLabel="Loading project..."
      entry={staffPortfolioProjectsApi.useOne(id)}
      publish={staffPortfolioProjectsApi.useChange(staffPortfolioProjectsApi.setPublished)}
      update={staffPortfolioProjectsApi.useChange(staffPortfolioProjectsApi.update)}
      title={(p) => p.name}
      note={(p) =>
        p.is_active ? (
          <Anchor size="sm" href={p.path}>
            Listed on /projects at {p.path}
          </Anchor>
        ) : (
          `Not listed on /projects; ${p.path} is not found for visitors.`
        )
      }
    >
      {(p, save) => <PortfolioProjectForm project={p} {...save} />}
    </ContentEntry>
  )
}
