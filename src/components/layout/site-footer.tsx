import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { site } from '@/contract/site'
import { AppLink } from '../app-link'
import { SocialLinks } from '../social-links'
import { BrandMark } from './brand-mark'
import classes from './site-footer.module.css'

const columns = [
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About' },
      { href: '/clients', label: 'Clients' },
      { href: '/partners', label: 'Partners' },
      { href: '/careers', label: 'Careers' },
      { href: '/franchise', label: 'Franchise' },
    ],
  },
  {
    title: 'Work',
    links: [
      { href: '/services', label: 'Services' },
      { href: '/projects', label: 'Projects' },
      { href: '/blog', label: 'Blog' },
      { href: '/start-project', label: 'Start a Project' },
      { href: '/domain-search', label: 'Domain Search' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: '/contact', label: 'Contact' },
      { href: '/certificate', label: 'Verify a Certificate' },
      { href: '/dashboard', label: 'Client Portal' },
      { href: '/privacy', label: 'Privacy Policy' },
    ],
  },
]

export function SiteFooter() {
  return (
    <Box component="footer" mt={80} py={48} bg="rgba(7, 11, 22, 0.7)" className={classes.footer}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandMark />
            <Text c="dimmed" size="sm" maw={280}>
              Secure web, mobile, AI and cloud software since {site.founded}. Offices in Egypt, the UAE and
              Chicago.
            </Text>
            <Anchor href={`mailto:${site.supportEmail}`} size="sm">
              {site.supportEmail}
            </Anchor>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} size="h6" c="white" tt="uppercase" lts={1}>
                {column.title}
              </Title>
              {column.links.map((link) => (
                <AppLink key={link.href} href={link.href} size="sm" c="dimmed">
                  {link.label}
                </AppLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Divider my="xl" color="dark.5" />
        <Group justify="space-between" gap="md">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {site.legalName}. All rights reserved.
          </Text>
          <SocialLinks variant="icons" />
        </Group>
      </Container>
    </Box>
  )
}
