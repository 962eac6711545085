import { Badge, Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The top of a company page: an eyebrow, the page's one h1 and a short lead. */
export function PageHeading({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string
  title: string
  children: ReactNode
}) {
  return (
    <Container size="lg" pt={{ base: 48, md: 80 }} pb={{ base: 32, md: 48 }}>
      <Stack gap="md" align="center" ta="center" maw={760} mx="auto">
        <Badge variant="light" size="lg">
          {eyebrow}
        </Badge>
        <Title order={1} fz={{ base: 32, md: 48 }} lh={1.1}>
          {title}
        </Title>
        <Text size="lg" c="dark.0">
          {children}
        </Text>
      </Stack>
    </Container>
  )
}
