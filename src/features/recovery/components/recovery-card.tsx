import { Anchor, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** The frame of the three recovery screens: an icon, the title, a lead, the step, and the way back. */
export function RecoveryCard({
  icon,
  title,
  lead,
  children,
}: {
  icon: ReactNode
  title: string
  lead: ReactNode
  children: ReactNode
}) {
  return (
    <Container size={520} py={{ base: 40, sm: 72 }}>
      <Stack gap={8} mb="lg" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{lead}</Text>
      </Stack>
      <Paper withBorder p={{ base: 'lg', sm: 32 }} bg="dark.7" shadow="xl">
        {children}
      </Paper>
      <Text ta="center" mt="lg" c="dimmed" size="sm">
        Remember your password?{' '}
        <Anchor component={Link} to="/login">
          Sign in here
        </Anchor>
      </Text>
    </Container>
  )
}
