import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconHeart, IconShare, IconTrendingUp, IconUsers } from '@tabler/icons-react'
import { SOCIAL_FIGURES } from '@/contract/company'
import classes from './home.module.css'

const icons = [IconUsers, IconHeart, IconShare, IconTrendingUp]

/** The fixed social figures of spec 000 §2: 10K+ followers, 25K+ likes, 5K+ shares, +150% growth. */
export function SocialBlock() {
  return (
    <Container
      size="lg"
      py={{ base: 56, md: 80 }}
      component="section"
      aria-labelledby="social-heading"
      className={classes.deferredSection}
    >
      <Stack gap={6} align="center" ta="center" mb="xl">
        <Title order={2} fz={{ base: 28, md: 36 }} id="social-heading">
          A Growing Community
        </Title>
        <Text c="dimmed" maw={560}>
          Engineers, founders and product teams follow our work and share what we publish.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} component="dl" m={0}>
        {SOCIAL_FIGURES.map((figure, index) => {
          const Icon = icons[index] ?? IconUsers
          return (
            <Paper
              key={figure.label}
              withBorder
              p="lg"
              bg="dark.7"
              ta="center"
              style={{ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center', gap: 4 }}
            >
              <Text component="dt" c="dimmed" size="sm">
                {figure.label}
              </Text>
              <Text component="dd" m={0} fz={32} fw={800} c="signal.4" lh={1.1}>
                {figure.value}
              </Text>
              <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
            </Paper>
          )
        })}
      </SimpleGrid>
    </Container>
  )
}
