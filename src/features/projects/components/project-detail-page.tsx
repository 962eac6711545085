import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import {
  IconArrowRight,
  IconBrandApple,
  IconBrandGithub,
  IconBrandGooglePlay,
  IconExternalLink,
  IconLayoutDashboard,
  IconPlayerPlay,
  IconWorld,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { countryName } from '@/contract/countries'
import {
  DEFAULT_PROJECT_TYPE,
  limitList,
  linkTypeLabels,
  PROJECT_LIMITS,
  projectMessages,
  projectStoreLinks,
  type KnownLinkType,
  type ProjectDetail,
  type ProjectLink,
} from '@/contract/projects'
import { BackLink } from '@/components/back-link'
import { DetailPageStatus } from '@/components/detail-page-status'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { CountryFlag } from '@/components/country-flag'
import { CountryFlags } from '@/components/project-card'
import { formatDate } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useProject } from '../api/get-project'
import { ScreenshotViewer } from './screenshot-viewer'

const linkIcons: Record<KnownLinkType, ReactNode> = {
  play_store: <IconBrandGooglePlay size={18} aria-hidden />,
  app_store: <IconBrandApple size={18} aria-hidden />,
  website: <IconWorld size={18} aria-hidden />,
  github: <IconBrandGithub size={18} aria-hidden />,
  demo: <IconPlayerPlay size={18} aria-hidden />,
  admin_panel: <IconLayoutDashboard size={18} aria-hidden />,
}

const isKnownType = (type: string): type is KnownLinkType => type in linkTypeLabels

function linkIcon(link: ProjectLink) {
  return isKnownType(link.link_type) ? linkIcons[link.link_type] : <IconExternalLink size={18} aria-hidden />
}

/** The button text of a link: the spec's label for known types, else the link's own title. */
function linkLabel(link: ProjectLink) {
  return link.title || (isKnownType(link.link_type) ? linkTypeLabels[link.link_type] : link.link_type)
}

/** /projects/{slug}: loading, 'Project not found', an error panel with retry, or the project. */
export function ProjectDetailPage({ slug, aside }: { slug: string; aside?: ReactNode }) {
  const project = useProject(slug)
  useDocumentTitle(project.data?.project.name)

  if (!project.data) {
    return (
      <DetailPageStatus
        query={project}
        listPath="/projects"
        backLabel="Back to Projects"
        size="xl"
        loadingLabel="Loading project..."
        notFound={{
          title: projectMessages.notFound,
          message: 'The project may have been renamed or removed from our portfolio.',
          actionLabel: 'View All Projects',
        }}
        errorMessage={projectMessages.fetchProject}
        onRetry={() => void project.refetch()}
      />
    )
  }
  return <ProjectView item={project.data} aside={aside} />
}

function ProjectView({ item, aside }: { item: ProjectDetail; aside?: ReactNode }) {
  const { project } = item
  const links = projectStoreLinks(item)
  const extraLinks = limitList(links.others, PROJECT_LIMITS.heroExtraLinks).shown
  const [viewerIndex, setViewerIndex] = useState<number | null>(null)
  const type = project.type || DEFAULT_PROJECT_TYPE
  const allLinks = item.links.length > 0 ? item.links : project.links

  return (
    <>
      <Box component="section" aria-labelledby="project-title" pos="relative" style={{ overflow: 'hidden' }}>
        <Container size="xl" pt={{ base: 32, md: 48 }} pb={{ base: 32, md: 56 }}>
          <Stack gap="lg">
            <BackLink to="/projects">Back to Projects</BackLink>
            <Grid gap={{ base: 'xl', md: 48 }} align="center">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="md">
                  <Group gap="xs">
                    {item.profile && (
                      <Badge variant="filled" size="lg">
                        {item.profile.name}
                      </Badge>
                    )}
                    <Badge variant="outline" size="lg">
                      {type}
                    </Badge>
                    {item.year !== null && (
                      <Badge variant="light" color="gray" size="lg">
                        {item.year}
                      </Badge>
                    )}
                    <CountryFlags countries={project.countries} limit={PROJECT_LIMITS.heroFlags} />
                  </Group>
                  <Group gap="md" wrap="nowrap" align="center">
                    {project.logo && (
                      <ImageWithFallback
                        src={project.logo}
                        alt={`${project.name} logo`}
                        width={56}
                        height={56}
                        letterFallback={project.name}
                        eager
                        style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      />
                    )}
                    <Title order={1} id="project-title" fz={{ base: 32, md: 46 }} lh={1.1}>
                      {project.name}
                    </Title>
                  </Group>
                  {item.short_description && (
                    <Text size="xl" c="dark.0">
                      {item.short_description}
                    </Text>
                  )}
                  <Text c="dimmed">{project.description}</Text>
                  <Group gap="sm" mt="xs">
                    {links.playStore && (
                      <HeroLink href={links.playStore} icon={linkIcons.play_store} primary>
                        Play Store
                      </HeroLink>
                    )}
                    {links.appStore && (
                      <HeroLink href={links.appStore} icon={linkIcons.app_store} primary>
                        App Store
                      </HeroLink>
                    )}
                    {links.website && (
                      <HeroLink href={links.website} icon={linkIcons.website} primary>
                        Visit Website
                      </HeroLink>
                    )}
                    {extraLinks.map((link) => (
                      <HeroLink key={link.id} href={link.url} icon={linkIcon(link)}>
                        {linkLabel(link)}
                      </HeroLink>
                    ))}
                  </Group>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
                  <ImageWithFallback
                    src={item.banner_image}
                    alt={`${project.name} banner`}
                    width={640}
                    height={360}
                    eager
                    style={{ display: 'block', width: '100%' }}
                  />
                </Paper>
              </Grid.Col>
            </Grid>
          </Stack>
        </Container>
      </Box>

      <Container size="xl" pb={{ base: 48, md: 80 }}>
        <Grid gap={{ base: 'xl', md: 40 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={48}>
              <Box component="section" aria-labelledby="technologies-heading">
                <Title order={2} size="h3" mb="md" id="technologies-heading">
                  Technologies Used
                </Title>
                {item.tech_tools.length === 0 ? (
                  <Text c="dimmed">No technologies listed.</Text>
                ) : (
                  <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" component="ul" p={0} m={0}>
                    {item.tech_tools.map((tool) => (
                      <Paper
                        component="li"
                        key={tool.id}
                        withBorder
                        p="sm"
                        bg="dark.7"
                        style={{ listStyle: 'none' }}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <ImageWithFallback
                            src={tool.image}
                            alt={`${tool.name} logo`}
                            width={36}
                            height={36}
                            letterFallback={tool.name}
                          />
                          <Text size="sm" fw={600} truncate>
                            {tool.name}
                          </Text>
                        </Group>
                      </Paper>
                    ))}
                  </SimpleGrid>
                )}
              </Box>

              <Box component="section" aria-labelledby="screenshots-heading">
                <Title order={2} size="h3" mb="md" id="screenshots-heading">
                  App Screenshots
                </Title>
                {item.images.length === 0 ? (
                  <Text c="dimmed">No screenshots yet.</Text>
                ) : (
                  <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                    {item.images.map((image, index) => (
                      <UnstyledButton
                        key={image.id}
                        onClick={() => setViewerIndex(index)}
                        aria-label={`Open screenshot ${index + 1} of ${item.images.length}`}
                        style={{
                          borderRadius: 'var(--mantine-radius-md)',
                          overflow: 'hidden',
                          border: '1px solid var(--mantine-color-dark-4)',
                          background: 'var(--mantine-color-dark-7)',
                        }}
                      >
                        <ImageWithFallback
                          src={image.image}
                          alt={`${project.name} screenshot ${index + 1}`}
                          width={320}
                          height={240}
                          style={{
                            display: 'block',
                            width: '100%',
                            objectFit: 'cover',
                            objectPosition: 'top',
                          }}
                        />
                      </UnstyledButton>
                    ))}
                  </SimpleGrid>
                )}
              </Box>
              {aside}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
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
          </Grid.Col>
        </Grid>
      </Container>

      <ScreenshotViewer
        images={item.images}
        projectName={project.name}
        index={viewerIndex}
        onIndexChange={setViewerIndex}
        onClose={() => setViewerIndex(null)}
      />
    </>
  )
}

function HeroLink({
  href,
  icon,
  primary,
  children,
}: {
  href: string
  icon: ReactNode
  primary?: boolean
  children: ReactNode
}) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant={primary ? 'filled' : 'default'}
      leftSection={icon}
    >
      {children}
    </Button>
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
