import { Badge, Container, Stack, Text, Title, type StackProps } from '@mantine/core'
import type { ComponentProps, ReactNode } from 'react'

interface PageHeaderProps extends Omit<StackProps, 'title' | 'children'> {
  /** The short badge above the heading. */
  eyebrow: string
  /** The page's one h1. */
  title: string
  /** The lead paragraph under the heading. */
  children: ReactNode
}

/** The centred top of a listing or company page: an eyebrow badge, the h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, children, ...stackProps }: PageHeaderProps) {
  return (
    <Stack gap="md" align="center" ta="center" maw={760} mx="auto" {...stackProps}>
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
  )
}

/** The page header standing alone above a page's content (the company and form pages). */
export function StandalonePageHeader(props: ComponentProps<typeof PageHeader>) {
  return (
    <Container size="lg" pt={{ base: 48, md: 80 }} pb={{ base: 32, md: 48 }}>
      <PageHeader {...props} />
    </Container>
  )
}
