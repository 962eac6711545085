import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconDirections, IconMail, IconMap2, IconMapPin, IconPhone } from '@tabler/icons-react'
import { DEFAULT_MAP_LOCATION, mapsDirectionsUrl, mapsViewUrl } from '../maps'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { useOffices } from '../api/get-offices'

/**
 * The first office with a map marker (spec 000 §2 /contact). The marker points at the office's own
 * coordinates when it has them, else at the Egypt office; the maps service opens in a new tab.
 */
export function OfficeBlock() {
  const offices = useOffices()
  const office = offices.data?.results[0]
  const lat = office?.lat ?? DEFAULT_MAP_LOCATION.lat
  const lng = office?.lng ?? DEFAULT_MAP_LOCATION.lng
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      bg="dark.7"
      component="section"
      aria-labelledby="office-heading"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={2} id="office-heading" size="h3">
            Visit Our Office
          </Title>
          {offices.isPending ? (
            <Stack gap={6} aria-label="Loading office">
              <Skeleton h={22} w="60%" />
              <Skeleton h={16} w="90%" />
              <Skeleton h={16} w="50%" />
            </Stack>
          ) : office ? (
            <Stack gap={6} data-testid="office-details">
              <Text fw={700} size="lg">
                {office.title}
              </Text>
              <Group gap={8} wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text c="dark.0">{office.address}</Text>
              </Group>
              {office.phone && (
                <Group gap={8} wrap="nowrap">
                  <IconPhone size={18} aria-hidden />
                  <Anchor href={`tel:${office.phone.replace(/[^+\d]/g, '')}`}>{office.phone}</Anchor>
                </Group>
              )}
              {office.email && (
                <Group gap={8} wrap="nowrap">
                  <IconMail size={18} aria-hidden />
                  <Anchor href={`mailto:${office.email}`}>{office.email}</Anchor>
                </Group>
              )}
            </Stack>
          ) : (
            <Text c="dimmed">Office details are unavailable right now; the map shows our main office.</Text>
          )}
          <Stack gap={2} mt="xs">
            <Text size="sm" c="dimmed">
              Coordinates:{' '}
              <Text span ff="monospace" c="dark.0">
                {DEFAULT_MAP_LOCATION.coordinates}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Plus code:{' '}
              <Text span ff="monospace" c="dark.0">
                {DEFAULT_MAP_LOCATION.plusCode}
              </Text>
            </Text>
          </Stack>
          <Group gap="sm" mt="sm">
            <Button
              component="a"
              href={mapsViewUrl(lat, lng)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconMap2 size={18} aria-hidden />}
            >
              View on Map
            </Button>
            <Button
              component="a"
              href={mapsDirectionsUrl(lat, lng)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconDirections size={18} aria-hidden />}
            >
              Get Directions
            </Button>
          </Group>
        </Stack>
        <Box pos="relative" style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          <ImageWithFallback
            src="/images/office-map.svg"
            alt={`Map of the area around ${office?.title ?? 'our office'}`}
            width={640}
            height={360}
            style={{ display: 'block', width: '100%' }}
          />
          <Box
            pos="absolute"
            top="50%"
            left="50%"
            data-testid="map-marker"
            aria-label={`Map marker at ${lat}, ${lng}`}
            role="img"
            style={{ transform: 'translate(-50%, -100%)', filter: 'drop-shadow(0 4px 8px rgba(0,0,0,.5))' }}
          >
            <IconMapPin
              size={48}
              color="var(--mantine-color-signal-5)"
              fill="var(--mantine-color-dark-8)"
              aria-hidden
            />
          </Box>
        </Box>
      </SimpleGrid>
    </Paper>
  )
}
