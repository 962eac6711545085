import { Container } from '@mantine/core'
import type { ComponentProps } from 'react'
import { PageHeader } from '@/components/page-header'

/** The top of a company page: the shared page header, standing alone above the page's content. */
export function CompanyPageHeader(props: ComponentProps<typeof PageHeader>) {
  return (
    <Container size="lg" pt={{ base: 48, md: 80 }} pb={{ base: 32, md: 48 }}>
      <PageHeader {...props} />
    </Container>
  )
}
