import { Badge, Box, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { PROJECT_LIMITS, type ProjectDetail } from '@/contract/projects'
import { BackLink } from '@/components/back-link'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { CountryFlags } from '@/components/project-card'
import { limitList, projectStoreLinks } from '@/lib/project-links'
import { HeroLink, linkIcon, linkIcons, linkLabel } from './project-links'

/** The top of a project page: badges and flags, logo and name, descriptions, links and the banner. */
export function ProjectHero({ item, type }: { item: ProjectDetail; type: string }) {
  const { project } = item
  const links = projectStoreLinks(item)
  const extraLinks = limitList(links.others, PROJECT_LIMITS.heroExtraLinks).shown
  return (
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
  )
}
