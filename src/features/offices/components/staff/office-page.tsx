import { Anchor } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { staffContentMessages } from '@/contract/content-staff'
import { toast } from '@/components/toast'
import { staffOfficesApi } from '../../api/staff-offices'
import { ContentEntry, NewContentEntry } from '@/components/staff/content-entry'
import { OfficeForm } from './office-form'

/** A new office: saved unpublished, then opened for editing and publishing. */
export function NewOfficePage() {
  const create = staffOfficesApi.useChange(staffOfficesApi.create)
  const navigate = useNavigate()
  return (
    <NewContentEntry kind="offices" backLabel="All offices" title="New office">
      <OfficeForm
        submitLabel="Create office"
        pending={create.isPending}
        onSubmit={async (values) => {
          const office = await create.mutateAsync(values)
          toast.success(staffContentMessages.officeCreated, 3000)
          await navigate({ to: '/staff/content/offices/$id', params: { id: String(office.id) } })
        }}
      />
    </NewContentEntry>
  )
}

/** One office: published or not, and the form. */
export function OfficePage({ id }: { id: number }) {
  return (
    <ContentEntry
      kind="offices"
      backLabel="All offices"
      loadingLabel="Loading office..."
      entry={staffOfficesApi.useOne(id)}
      publish={staffOfficesApi.useChange(staffOfficesApi.setPublished)}
      update={staffOfficesApi.useChange(staffOfficesApi.update)}
      title={(o) => o.title}
      note={(o) =>
        o.is_active ? (
          <Anchor size="sm" component={Link} to="/contact">
            Listed on /contact and by the assistant
          </Anchor>
        ) : (
          'Not shown to visitors.'
        )
      }
    >
      {(o, save) => <OfficeForm office={o} {...save} />}
    </ContentEntry>
  )
}
