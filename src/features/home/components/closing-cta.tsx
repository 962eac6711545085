import { Button, Container, Group, Paper, Text, Title } from '@mantine/core'
import { IconArrowRight, IconMessageCircle } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import classes from './home.module.css'

export function ClosingCta() {
  return (
    <Container size="lg" pb={{ base: 24, md: 48 }} component="section" aria-labelledby="cta-heading">
      <Paper className={classes.cta} p={{ base: 'xl', md: 64 }} ta="center">
        <Title order={2} fz={{ base: 28, md: 40 }} id="cta-heading">
          Have a software idea? Let&apos;s make it real.
        </Title>
        <Text c="dark.0" mt="sm" mb="xl" maw={560} mx="auto">
          Tell us what you want to build. You get a clear proposal with scope, timeline and cost within 48
          hours.
        </Text>
        <Group justify="center" gap="md">
          <Button
            component={Link}
            to="/start-project"
            size="lg"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Start Your Project
          </Button>
          <Button
            component={Link}
            to="/contact"
            size="lg"
            variant="default"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
          >
            Talk to Us
          </Button>
        </Group>
      </Paper>
    </Container>
  )
}
