import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffContentMessages } from '@/contract/staff-content'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { createPartner, setPartnerPublished, updatePartner, usePartnerChange } from '../../api/change-partner'
import { useStaffPartner } from '../../api/get-staff-partners'
import { PartnerForm } from './partner-form'
import { PublicationBadge } from './publication-badge'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** A new partner: saved unpublished, then opened for editing and publishing. */
export function NewPartnerPage() {
  const create = usePartnerChange(createPartner)
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/partners" size="sm">
        ← All partners
      </Anchor>
      <Title order={2} size="h3">
        New partner
      </Title>
      <PartnerForm
        submitLabel="Create partner"
        pending={create.isPending}
        onSubmit={async (values) => {
          const partner = await create.mutateAsync(values)
          toast.success(staffContentMessages.partnerCreated, 3000)
          await navigate({ to: '/staff/content/partners/$id', params: { id: String(partner.id) } })
        }}
      />
    </Stack>
  )
}

/** One partner: published or not, and the form. */
export function PartnerPage({ id }: { id: number }) {
  const partner = useStaffPartner(id)
  const update = usePartnerChange(updatePartner)
  const publish = usePartnerChange(setPartnerPublished)
  const [version, setVersion] = useState(0)
  if (partner.isPending) return <LoadingPanel label="Loading partner..." />
  if (partner.isError)
    return <ErrorPanel message={errorText(partner.error)} onRetry={() => void partner.refetch()} />
  const p = partner.data
  async function togglePublished() {
    try {
      await publish.mutateAsync({ id: p.id, published: !p.is_active })
      toast.success(p.is_active ? staffContentMessages.unpublished : staffContentMessages.published, 3000)
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/partners" size="sm">
        ← All partners
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {p.name}
            </Title>
            <PublicationBadge state={p.is_active ? 'published' : 'unpublished'} />
          </Group>
          <Text size="sm" c="dimmed">
            {p.is_active ? (
              <Anchor size="sm" component={Link} to="/partners">
                Listed on /partners
              </Anchor>
            ) : (
              'Not listed on /partners.'
            )}
          </Text>
        </Stack>
        <Button
          variant={p.is_active ? 'default' : 'filled'}
          color={p.is_active ? undefined : 'green'}
          loading={publish.isPending}
          onClick={() => void togglePublished()}
        >
          {p.is_active ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <PartnerForm
        key={version}
        partner={p}
        submitLabel="Save changes"
        pending={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync({ id: p.id, changes: values })
          toast.success(staffContentMessages.saved, 3000)
          setVersion((v) => v + 1)
        }}
      />
    </Stack>
  )
}
