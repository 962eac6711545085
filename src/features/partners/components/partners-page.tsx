import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core'
import {
  IconCertificate,
  IconExternalLink,
  IconHeadset,
  IconSearch,
  IconSpeakerphone,
  IconTrendingUp,
} from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import {
  BUSINESS_PARTNERS,
  PARTNER_BENEFITS,
  PARTNERSHIP_FIGURES,
  TECHNOLOGY_PARTNERS,
  type StaticPartner,
  partnerMessages,
  type Partner,
} from '@/contract/partners'
import { CallToAction } from '@/components/call-to-action'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { PageHeader } from '@/components/page-header'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { usePartners } from '../api/get-partners'

/** Case-insensitive 'contains' on the name (spec 000 §2); the search never goes to the server. */
export function filterPartners(partners: Partner[], query: string): Partner[] {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return partners
  return partners.filter((partner) => partner.name.toLocaleLowerCase().includes(needle))
}

const benefitIcons = [IconTrendingUp, IconCertificate, IconSpeakerphone, IconHeadset]

/** /partners: the server's partner list with a client-side search, static partner cards and benefits. */
export function PartnersPage() {
  const partners = usePartners()
  const [query, setQuery] = useState('')
  const shown = useMemo(() => filterPartners(partners.data ?? [], query), [partners.data, query])

  // Nothing to show and the load failed: the whole page is the error, and retrying reloads it.
  if (partners.isError && !partners.data) {
    return (
      <Container size="lg" py={64}>
        <ErrorPanel message={partnerMessages.fetchPartners} />
      </Container>
    )
  }

  return (
    <Container size="lg" py={{ base: 40, md: 64 }}>
      <Stack gap={64}>
        <PageHeader eyebrow="Partners" title="Our Partners">
          The technology platforms we build on and the companies we deliver with, from Cairo and Dubai to
          Chicago.
        </PageHeader>

        <SimpleGrid
          cols={{ base: 1, xs: 3 }}
          spacing="lg"
          component="section"
          aria-label="Partnership figures"
        >
          {PARTNERSHIP_FIGURES.map((figure) => (
            <Paper key={figure.label} withBorder p="lg" bg="dark.7" ta="center">
              <Text fz={40} fw={800} c="signal.4" lh={1.1}>
                {figure.value}
              </Text>
              <Text c="dimmed">{figure.label}</Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Stack gap="lg" component="section" aria-labelledby="partner-list-heading">
          <Group justify="space-between" align="flex-end" gap="md">
            <Title order={2} id="partner-list-heading">
              Partner Network
            </Title>
            <TextInput
              aria-label="Search partners"
              placeholder="Search partners..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
              type="search"
            />
          </Group>
          {partners.isPending ? (
            <LoadingPanel label="Loading partners..." />
          ) : shown.length === 0 ? (
            <EmptyState
              title={partnerMessages.noPartners}
              message={query.trim() ? `Nothing matches "${query.trim()}".` : undefined}
              action={
                query ? (
                  <Button variant="light" onClick={() => setQuery('')}>
                    Clear Search
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 4 }}
              spacing="md"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Partners"
            >
              {shown.map((partner) => (
                <PartnerTile key={partner.id} partner={partner} />
              ))}
            </SimpleGrid>
          )}
        </Stack>

        <StaticPartners id="technology-partners" title="Technology Partners" partners={TECHNOLOGY_PARTNERS} />
        <StaticPartners id="business-partners" title="Business Partners" partners={BUSINESS_PARTNERS} />

        <Stack gap="lg" component="section" aria-labelledby="benefits-heading">
          <Title order={2} ta="center" id="benefits-heading">
            Why Partner With Us
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {PARTNER_BENEFITS.map((benefit, index) => {
              const Icon = benefitIcons[index % benefitIcons.length] ?? IconTrendingUp
              return (
                <Paper key={benefit.title} withBorder p="lg" bg="dark.7">
                  <ThemeIcon variant="light" size={44} radius="md" mb="sm">
                    <Icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} size="h5" mb={6}>
                    {benefit.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {benefit.description}
                  </Text>
                </Paper>
              )
            })}
          </SimpleGrid>
        </Stack>

        <CallToAction
          title="Become a Partner"
          text="Resell our services, refer clients or deliver projects with us. Tell us about your company and we will get back to you within 24 hours."
          actions={[
            { label: 'Contact Us', to: '/contact' },
            { label: 'Start a Project', to: '/start-project', variant: 'default', icon: 'arrow' },
          ]}
        />
      </Stack>
    </Container>
  )
}

function PartnerTile({ partner }: { partner: Partner }) {
  return (
    <Paper component="li" withBorder p="md" bg="dark.7">
      <Stack gap="sm" align="center" ta="center">
        <ImageWithFallback src={partner.image} alt={`${partner.name} logo`} width={240} height={96} />
        <Text fw={600}>{partner.name}</Text>
        {partner.website && (
          <Anchor
            href={partner.website}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            aria-label={`${partner.name} website (opens in a new tab)`}
          >
            Visit website
          </Anchor>
        )}
      </Stack>
    </Paper>
  )
}

function StaticPartners({ id, title, partners }: { id: string; title: string; partners: StaticPartner[] }) {
  return (
    <Stack gap="lg" component="section" aria-labelledby={id}>
      <Title order={2} ta="center" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: partners.length >= 4 ? 4 : 3 }} spacing="lg">
        {partners.map((partner) => (
          <Paper key={partner.name} withBorder p="lg" bg="dark.7">
            <Stack gap="xs" h="100%">
              <Text size="xs" c="signal.4" fw={700} tt="uppercase">
                {partner.category}
              </Text>
              <Title order={3} size="h5">
                {partner.name}
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {partner.description}
              </Text>
              <Anchor
                href={partner.website}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                aria-label={`${partner.name} website (opens in a new tab)`}
              >
                <Group gap={4} component="span">
                  Visit website <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
