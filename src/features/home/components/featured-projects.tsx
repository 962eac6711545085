import { Box, Button, Container, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { projectMessages } from '@/contract/project-messages'
import type { ProjectList } from '@/contract/projects'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useInView } from '../hooks/use-in-view'

/** Visibility the section needs before the first page of projects is fetched (spec 000 §2). */
export const FEATURED_THRESHOLD = 0.1
const SHOWN = 6
const FeaturedProjectGrid = lazy(() => import('./featured-project-grid'))

/**
 * Featured projects: the first page of projects, fetched only when the section scrolls into view.
 * The route hands in the projects query, so this feature does not reach into the projects feature.
 */
export function FeaturedProjects<Key extends readonly unknown[]>({
  query,
}: {
  query: UseQueryOptions<ProjectList, Error, ProjectList, Key>
}) {
  const { ref, inView } = useInView<HTMLDivElement>(FEATURED_THRESHOLD)
  const projects = useQuery({ ...query, enabled: inView })
  const items = projects.data?.results.slice(0, SHOWN) ?? []
  useEffect(() => {
    // Fetch the cards' code alongside the data, not after it.
    if (inView) void import('./featured-project-grid')
  }, [inView])

  let body
  if (items.length > 0) {
    body = (
      <Suspense fallback={<LoadingPanel label="Loading projects..." />}>
        <FeaturedProjectGrid items={items} />
      </Suspense>
    )
  } else if (projects.isError) {
    body = <ErrorPanel message={projectMessages.fetchProjects} />
  } else if (projects.isSuccess) {
    body = <EmptyState title={projectMessages.empty} />
  } else {
    body = <LoadingPanel label="Loading projects..." />
  }

  return (
    <Box component="section" aria-labelledby="featured-heading" py={{ base: 56, md: 88 }}>
      <Container size="xl" ref={ref} data-testid="featured-projects" mih={420}>
        <Stack gap={6} align="center" ta="center" mb="xl">
          <Title order={2} fz={{ base: 28, md: 38 }} id="featured-heading">
            Featured Projects
          </Title>
          <Text c="dimmed" maw={620}>
            A few of the products we have designed, built and secured for our clients.
          </Text>
        </Stack>
        {body}
        <Stack align="center" mt="xl">
          <Button
            component={Link}
            to="/projects"
            variant="default"
            size="md"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            View All Projects
          </Button>
        </Stack>
      </Container>
    </Box>
  )
}
