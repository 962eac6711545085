import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { countryName } from '@/contract/countries'
import type { ProjectDetail } from '@/contract/projects'
import { CountryFlag } from '@/components/country-flag'
import { formatDate } from '@/lib/format'
import { linkIcon, linkLabel } from './project-links'

/** The sticky side column: Project Info, Download & Links and Request Similar Project. */
export function ProjectSidebar({ item, type }: { item: ProjectDetail; type: string }) {
  const { project } = item
  const allLinks = item.links.length > 0 ? item.links : project.links
  return (
    <Stack gap="lg" pos={{ md: 'sticky' }} top={96}>
      <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="info-heading">
        <Title order={2} size="h4" mb="md" id="info-heading">
          Project Info
        </Title>
        <Stack gap="sm" component="dl" m={0}>
          <InfoRow label="Type">{type}</InfoRow>
          <InfoRow label="Year">{item.year ?? 'N/A'}</InfoRow>
          <InfoRow label="Countries">
            {project.countries.length === 0 ? (
              'N/A'
            ) : (
              <Group gap={10} component="span" justify="flex-end">
                {project.countries.map((c) => (
                  <Group key={c.id} gap={4} component="span" wrap="nowrap">
                    <CountryFlag code={c.code} size={12} />
                    {countryName(c.code) || c.name}
                  </Group>
                ))}
              </Group>
            )}
          </InfoRow>
          <InfoRow label="Screenshots">{item.images.length}</InfoRow>
          <InfoRow label="Technologies">{item.tech_tools.length}</InfoRow>
          <InfoRow label="Start Date">{formatDate(project.start_date)}</InfoRow>
        </Stack>
      </Paper>

      {allLinks.length > 0 && (
        <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="links-heading">
          <Title order={2} size="h4" mb="md" id="links-heading">
            Download &amp; Links
          </Title>
          <Stack gap="xs">
            {allLinks.map((link) => (
              <Button
                key={link.id}
                component="a"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                justify="space-between"
                fullWidth
                leftSection={linkIcon(link)}
                rightSection={<IconExternalLink size={14} aria-hidden />}
                title={link.description || undefined}
              >
                {linkLabel(link)}
              </Button>
            ))}
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="similar-heading">
        <Title order={2} size="h4" mb="xs" id="similar-heading">
          Want something similar?
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Tell us about your idea and we will send a proposal within 48 hours.
        </Text>
        <Button
          component={Link}
          to="/start-project"
          fullWidth
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          Request Similar Project
        </Button>
      </Paper>
    </Stack>
  )
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} ta="right" m={0}>
        {children}
      </Text>
    </Group>
  )
}
