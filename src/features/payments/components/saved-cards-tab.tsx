import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCreditCard, IconPlus, IconTrash, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import { paymentMessages, savedCardMessages, type SavedPaymentMethod } from '@/contract/payments'
import { CachedCopyNotice } from '@/components/cached-copy-notice'
import { OfflinePanel } from '@/components/offline-panel'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { useSavedCards } from '../api/get-saved-cards'
import { useMakeDefaultCard } from '../api/make-default-card'
import { useRemoveSavedCard } from '../api/remove-saved-card'
import { AddCardForm } from './add-card-form'
import { cardBrandName } from './saved-card-label'

/** The wallet's Saved Cards tab: the client's cards, remove (spec 001 §8 toasts), make default and add a card. */
export function SavedCardsTab() {
  const cards = useSavedCards()
  const online = useOnline()
  const [adding, setAdding] = useState(false)
  const list = cards.data?.results ?? []

  let body
  if (cards.isError && !cards.data) {
    body = (
      <ErrorPanel
        title="Error Loading Cards"
        message={cards.error.message}
        onRetry={() => void cards.refetch()}
      />
    )
  } else if (!cards.data) {
    body =
      cards.fetchStatus === 'paused' ? (
        <OfflinePanel what="Your saved cards" />
      ) : (
        <LoadingPanel label="Loading cards..." />
      )
  } else if (list.length === 0) {
    body = (
      <EmptyState
        title="No saved cards"
        message="Cards you save at checkout or add here appear in this list."
      />
    )
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {list.map((card) => (
          <SavedCardItem key={card.id} card={card} online={online} />
        ))}
      </SimpleGrid>
    )
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Saved Cards
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant={adding ? 'default' : 'filled'}
          onClick={() => setAdding((open) => !open)}
          disabled={!online}
        >
          {adding ? 'Cancel' : 'Add Card'}
        </Button>
      </Group>
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="status">
          {paymentMessages.paymentsOffline}
        </Alert>
      )}
      {cards.isError && cards.data && (
        <CachedCopyNotice
          message={cards.error.message}
          savedAt={cards.dataUpdatedAt}
          onRetry={() => void cards.refetch()}
        />
      )}
      {adding && online && <AddCardForm onDone={() => setAdding(false)} />}
      {body}
    </Stack>
  )
}

function SavedCardItem({ card, online }: { card: SavedPaymentMethod; online: boolean }) {
  const remove = useRemoveSavedCard()
  const makeDefault = useMakeDefaultCard()
  const label = `${cardBrandName(card.card_brand)} ending in ${card.card_last_four}`
  return (
    <Card withBorder padding="md" data-testid="saved-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconCreditCard size={28} aria-hidden />
          <div>
            <Text fw={600}>
              {cardBrandName(card.card_brand)} •••• {card.card_last_four}
            </Text>
            <Text size="sm" c="dimmed">
              Expires {String(card.card_exp_month).padStart(2, '0')}/{card.card_exp_year}
            </Text>
          </div>
        </Group>
        <Tooltip label={online ? 'Remove card' : paymentMessages.paymentsOffline}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label}`}
            loading={remove.isPending}
            disabled={!online}
            onClick={() =>
              remove.mutate(card.id, {
                onSuccess: () => toast.success(savedCardMessages.removed),
                onError: () => toast.error(savedCardMessages.removeFailed),
              })
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {card.is_default ? (
        <Badge mt="sm" variant="light" size="sm">
          Default
        </Badge>
      ) : (
        <Button
          mt="sm"
          variant="subtle"
          size="compact-sm"
          aria-label={`${savedCardMessages.makeDefault}: ${label}`}
          loading={makeDefault.isPending}
          disabled={!online}
          onClick={() =>
            makeDefault.mutate(card.id, {
              onSuccess: () => toast.success(savedCardMessages.madeDefault),
              onError: () => toast.error(savedCardMessages.makeDefaultFailed),
            })
          }
        >
          {savedCardMessages.makeDefault}
        </Button>
      )}
    </Card>
  )
}
