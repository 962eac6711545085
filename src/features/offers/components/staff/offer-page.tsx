import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffContentMessages } from '@/contract/content-staff'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime } from '@/lib/format'
import { createOffer, setOfferPublished, updateOffer, useOfferChange } from '../../api/change-offer'
import { useStaffOffer } from '../../api/get-staff-offers'
import { OfferForm } from './offer-form'
import { OfferBadge } from '@/components/staff/publication-badge'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** A new offer: saved unpublished, then opened for editing and publishing. */
export function NewOfferPage() {
  const create = useOfferChange(createOffer)
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/offers" size="sm">
        ← All offers
      </Anchor>
      <Title order={2} size="h3">
        New offer
      </Title>
      <OfferForm
        submitLabel="Create offer"
        pending={create.isPending}
        onSubmit={async (values) => {
          const offer = await create.mutateAsync(values)
          toast.success(staffContentMessages.offerCreated, 3000)
          await navigate({ to: '/staff/content/offers/$id', params: { id: String(offer.id) } })
        }}
      />
    </Stack>
  )
}

/** One offer: published or not, whether visitors see it now, and the form. */
export function OfferPage({ id }: { id: number }) {
  const offer = useStaffOffer(id)
  const update = useOfferChange(updateOffer)
  const publish = useOfferChange(setOfferPublished)
  const [version, setVersion] = useState(0)
  if (offer.isPending) return <LoadingPanel label="Loading offer..." />
  if (offer.isError)
    return <ErrorPanel message={errorText(offer.error)} onRetry={() => void offer.refetch()} />
  const o = offer.data
  async function togglePublished() {
    try {
      await publish.mutateAsync({ id: o.id, published: !o.is_active })
      toast.success(o.is_active ? staffContentMessages.unpublished : staffContentMessages.published, 3000)
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/offers" size="sm">
        ← All offers
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {o.title}
            </Title>
            <OfferBadge offer={o} />
          </Group>
          <Text size="sm" c="dimmed">
            {o.is_current
              ? 'Visitors see it now (the offers API and the assistant).'
              : o.is_active
                ? `Published, but outside its period (${formatDateTime(o.valid_from)} – ${formatDateTime(o.valid_until, 'no end')}).`
                : 'Not visible to visitors.'}
          </Text>
        </Stack>
        <Button
          variant={o.is_active ? 'default' : 'filled'}
          color={o.is_active ? undefined : 'green'}
          loading={publish.isPending}
          onClick={() => void togglePublished()}
        >
          {o.is_active ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <OfferForm
        key={version}
        offer={o}
        submitLabel="Save changes"
        pending={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync({ id: o.id, changes: values })
          toast.success(staffContentMessages.saved, 3000)
          setVersion((v) => v + 1)
        }}
      />
    </Stack>
  )
}
