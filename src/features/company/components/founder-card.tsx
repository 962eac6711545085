import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import { ImageWithFallback } from '@/components/image-with-fallback'
import classes from './founder-card.module.css'

interface Founder {
  name: string
  role: string
  title: string
  image: string
  bio: string
  focus: readonly string[]
}

/**
 * A flip card: photo on the front, biography on the back. A transparent button covers the card, so a
 * click, a tap, Enter or Space flips it; the hidden face is inert to assistive technology.
 */
export function FounderCard({ founder }: { founder: Founder }) {
  const [flipped, setFlipped] = useState(false)
  return (
    <Box
      component="article"
      className={classes.card}
      data-flipped={flipped || undefined}
      aria-label={founder.name}
    >
      <div className={classes.inner}>
        <div className={classes.face} inert={flipped}>
          <ImageWithFallback
            src={founder.image}
            alt={`Portrait of ${founder.name}`}
            width={320}
            height={320}
            className={classes.photo}
          />
          <Stack gap={2} p="md" align="center">
            <Title order={3} size="h4">
              {founder.name}
            </Title>
            <Text c="signal.4" fw={600} size="sm">
              {founder.title}
            </Text>
            <Group gap={4} c="dimmed" mt={6} aria-hidden>
              <IconRefresh size={14} />
              <Text size="xs">Flip for bio</Text>
            </Group>
          </Stack>
        </div>
        <div className={`${classes.face} ${classes.back}`} inert={!flipped} data-testid="founder-bio">
          <Stack gap="sm" p="lg" justify="center" h="100%">
            <Badge variant="light" size="lg" style={{ alignSelf: 'center' }}>
              {founder.role}
            </Badge>
            <Text fw={700} ta="center">
              {founder.name}
            </Text>
            <Text size="sm" c="dark.0" ta="center">
              {founder.bio}
            </Text>
            <Group gap={6} justify="center">
              {founder.focus.map((f) => (
                <Badge key={f} variant="default" tt="none" fw={500}>
                  {f}
                </Badge>
              ))}
            </Group>
          </Stack>
        </div>
      </div>
      <button
        type="button"
        className={classes.flip}
        aria-pressed={flipped}
        onClick={() => setFlipped((f) => !f)}
      >
        <span className={classes.label}>
          {flipped ? `Show the photo of ${founder.name}` : `Show the biography of ${founder.name}`}
        </span>
      </button>
    </Box>
  )
}
