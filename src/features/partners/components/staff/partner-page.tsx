import { Anchor } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { staffContentMessages } from '@/contract/content-staff'
import { toast } from '@/components/toast'
import { createPartner, setPartnerPublished, updatePartner, usePartnerChange } from '../../api/change-partner'
import { useStaffPartner } from '../../api/get-staff-partners'
import { ContentEntry, NewContentEntry } from '@/components/staff/content-entry'
import { PartnerForm } from './partner-form'

/** A new partner: saved unpublished, then opened for editing and publishing. */
export function NewPartnerPage() {
  const create = usePartnerChange(createPartner)
  const navigate = useNavigate()
  return (
    <NewContentEntry kind="partners" backLabel="All partners" title="New partner">
      <PartnerForm
        submitLabel="Create partner"
        pending={create.isPending}
        onSubmit={async (values) => {
          const partner = await create.mutateAsync(values)
          toast.success(staffContentMessages.partnerCreated, 3000)
          await navigate({ to: '/staff/content/partners/$id', params: { id: String(partner.id) } })
        }}
      />
    </NewContentEntry>
  )
}

/** One partner: published or not, and the form. */
export function PartnerPage({ id }: { id: number }) {
  return (
    <ContentEntry
      kind="partners"
      backLabel="All partners"
      loadingLabel="Loading partner..."
      entry={useStaffPartner(id)}
      publish={usePartnerChange(setPartnerPublished)}
      update={usePartnerChange(updatePartner)}
      title={(p) => p.name}
      note={(p) =>
        p.is_active ? (
          <Anchor size="sm" component={Link} to="/partners">
            Listed on /partners
          </Anchor>
        ) : (
          'Not listed on /partners.'
        )
      }
    >
      {(p, save) => <PartnerForm partner={p} {...save} />}
    </ContentEntry>
  )
}
