import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle: ReactNode
  children: ReactNode
}) {
  return (
    <Container size={520} py={{ base: 40, sm: 72 }}>
      <Stack gap={6} mb="lg" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
      <Paper withBorder p={{ base: 'lg', sm: 32 }} bg="dark.7" shadow="xl">
        {children}
      </Paper>
    </Container>
  )
}
