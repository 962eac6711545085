import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconApps, IconRocket, IconWallet, IconWorldSearch } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useAppNavigation } from '@/components/app-link'

const actions: { href: string; title: string; text: string; icon: ReactNode }[] = [
  {
    href: '/create-app',
    title: 'Create App',
    text: 'Launch an SMS, email or WhatsApp messaging app.',
    icon: <IconApps size={22} aria-hidden />,
  },
  {
    href: '/wallet',
    title: 'Wallet',
    text: 'Check your balance, transactions and saved cards.',
    icon: <IconWallet size={22} aria-hidden />,
  },
  {
    href: '/start-project',
    title: 'Start a Project',
    text: 'Tell us about your next project and get a proposal.',
    icon: <IconRocket size={22} aria-hidden />,
  },
  {
    href: '/domain-search',
    title: 'Find a Domain',
    text: 'Search and register a domain name.',
    icon: <IconWorldSearch size={22} aria-hidden />,
  },
]

/** The Overview tab: one card per quick action (spec 001 §2). */
export function QuickActions() {
  const navigation = useAppNavigation()
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {actions.map((action) => (
        <UnstyledButton
          key={action.href}
          component="a"
          href={action.href}
          onClick={navigation(action.href)}
          style={{ borderRadius: 'var(--mantine-radius-lg)' }}
        >
          <Card h="100%">
            <ThemeIcon variant="light" size={44} radius="md" mb="sm">
              {action.icon}
            </ThemeIcon>
            <Text fw={700}>{action.title}</Text>
            <Text size="sm" c="dimmed">
              {action.text}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  )
}
