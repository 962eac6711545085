import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconShieldCheck } from '@tabler/icons-react'
import { useAppNavigation } from '@/components/app-link'
import { site } from '@/contract/site'
import classes from './home-hero.module.css'

export function HomeHero() {
  const navigation = useAppNavigation()
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 72, md: 120 }}>
        <Stack gap="xl" align="flex-start" maw={780}>
          <Badge size="lg" variant="light" leftSection={<IconShieldCheck size={14} aria-hidden />}>
            Security-first software since {site.founded}
          </Badge>
          <Title order={1} className={classes.title}>
            {site.tagline}
          </Title>
          <Text size="xl" c="dark.0" maw={640}>
            We design, build and secure web platforms, mobile apps, AI systems and cloud infrastructure for
            companies across the Middle East, Europe and North America.
          </Text>
          <Group gap="md">
            <Button
              component="a"
              href="/start-project"
              onClick={navigation('/start-project')}
              size="lg"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Start Your Project
            </Button>
            <Button
              component="a"
              href="/projects"
              onClick={navigation('/projects')}
              size="lg"
              variant="default"
            >
              View Case Studies
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  )
}
