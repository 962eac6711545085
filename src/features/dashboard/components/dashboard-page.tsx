import { Container, Stack, Text, Title } from '@mantine/core'
import { useMe } from '@/lib/account'
import { useCurrentUser } from '@/lib/session'

export function DashboardPage() {
  const user = useCurrentUser()
  const me = useMe()
  const firstName = me.data?.first_name ?? user?.first_name ?? ''
  const company = me.data?.company_name ?? user?.company_name ?? ''
  return (
    <Container size="xl" py="xl">
      <Stack gap={4}>
        <Title order={1}>Welcome back, {firstName}!</Title>
        {company && <Text c="dimmed">{company}</Text>}
      </Stack>
    </Container>
  )
}
