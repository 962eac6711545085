import { SimpleGrid } from '@mantine/core'
import type { ProjectListItem } from '@/contract/projects'
import { ProjectCard } from '@/components/project-card'

/** Loaded with the section, not the page: the cards and flag data stay out of the first load. */
export default function FeaturedProjectGrid({ items }: { items: ProjectListItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {items.map((item) => (
        <ProjectCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  )
}
