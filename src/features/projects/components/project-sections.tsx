import { Box, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core'
import type { ProjectImage, TechTool } from '@/contract/projects'
import { ImageWithFallback } from '@/components/image-with-fallback'

/** The project's technologies as logo tiles. */
export function TechnologiesSection({ tools }: { tools: TechTool[] }) {
  return (
    <Box component="section" aria-labelledby="technologies-heading">
      <Title order={2} size="h3" mb="md" id="technologies-heading">
        Technologies Used
      </Title>
      {tools.length === 0 ? (
        <Text c="dimmed">No technologies listed.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" component="ul" p={0} m={0}>
          {tools.map((tool) => (
            <Paper component="li" key={tool.id} withBorder p="sm" bg="dark.7" style={{ listStyle: 'none' }}>
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
  )
}

/** The screenshot grid; a screenshot opens the viewer at its index. */
export function ScreenshotsSection({
  images,
  projectName,
  onOpen,
}: {
  images: ProjectImage[]
  projectName: string
  onOpen: (index: number) => void
}) {
  return (
    <Box component="section" aria-labelledby="screenshots-heading">
      <Title order={2} size="h3" mb="md" id="screenshots-heading">
        App Screenshots
      </Title>
      {images.length === 0 ? (
        <Text c="dimmed">No screenshots yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {images.map((image, index) => (
            <UnstyledButton
              key={image.id}
              onClick={() => onOpen(index)}
              aria-label={`Open screenshot ${index + 1} of ${images.length}`}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                overflow: 'hidden',
                border: '1px solid var(--mantine-color-dark-4)',
                background: 'var(--mantine-color-dark-7)',
              }}
            >
              <ImageWithFallback
                src={image.image}
                alt={`${projectName} screenshot ${index + 1}`}
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
  )
}
