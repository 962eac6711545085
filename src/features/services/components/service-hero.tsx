import { Badge, Box, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconClock, IconSparkles, IconTrophy, IconUsers } from '@tabler/icons-react'
import { PROJECTS_DELIVERED } from '@/contract/company'
import type { Service, ServicePromo } from '@/contract/services'
import { ImageWithFallback } from '@/components/image-with-fallback'

/** The top of a service page: NEW badge, title, subtitle, the three facts and the illustration. */
export function ServiceHero({ service }: { service: Service }) {
  return (
    <Grid gap="xl" mt="lg" align="center">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {service.isNew && (
            <Badge
              size="lg"
              variant="filled"
              leftSection={<IconSparkles size={14} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              NEW SERVICE
            </Badge>
          )}
          <Title order={1} fz={{ base: 34, md: 50 }} lh={1.1}>
            {service.title}
          </Title>
          <Text size="xl" c="dark.0">
            {service.subtitle}
          </Text>
          <Group gap="lg" mt="xs">
            <Group gap={6}>
              <IconClock size={18} aria-hidden color="var(--mantine-color-signal-5)" />
              <Text size="sm">{service.timeline}</Text>
            </Group>
            <Group gap={6}>
              <IconUsers size={18} aria-hidden color="var(--mantine-color-signal-5)" />
              <Text size="sm">{service.teamSize}</Text>
            </Group>
            <Group gap={6}>
              <IconTrophy size={18} aria-hidden color="var(--mantine-color-signal-5)" />
              <Text size="sm">{PROJECTS_DELIVERED}</Text>
            </Group>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ImageWithFallback
          src={service.image}
          alt={`${service.title} illustration`}
          width={640}
          height={360}
          eager
          style={{ display: 'block', width: '100%', borderRadius: 'var(--mantine-radius-lg)' }}
        />
      </Grid.Col>
    </Grid>
  )
}

/** The promotional section of a new service: headline, text and three figures. */
export function ServicePromoSection({ promo }: { promo: ServicePromo }) {
  return (
    <Paper
      mt="xl"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="promo-heading"
      style={{
        background: 'linear-gradient(120deg, rgba(9,235,151,.14), rgba(76,141,255,.12))',
        border: '1px solid var(--mantine-color-signal-9)',
      }}
    >
      <Title order={2} size="h3" id="promo-heading">
        {promo.headline}
      </Title>
      <Text c="dark.0" mt={6} maw={760}>
        {promo.text}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg" component="dl" m={0}>
        {promo.stats.map((stat) => (
          <Box key={stat.label} style={{ display: 'flex', flexDirection: 'column-reverse' }}>
            <Text component="dt" size="sm" c="dimmed">
              {stat.label}
            </Text>
            <Text component="dd" m={0} fz={30} fw={800} c="signal.4">
              {stat.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  )
}
