import { Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core'
import { IconBriefcase, IconBulb, IconPalette, IconShieldLock } from '@tabler/icons-react'
import { COMPANY_FOUNDERS, COMPANY_TIMELINE, COMPANY_VALUES } from '@/contract/company'
import { site } from '@/contract/site'
import { CallToAction } from '@/components/call-to-action'
import { SocialLinks } from '@/components/social-links'
import { StandalonePageHeader } from '@/components/page-header'
import { FounderCard } from './founder-card'

const valueIcons = [IconShieldLock, IconBulb, IconBriefcase, IconPalette]

export function AboutPage() {
  return (
    <>
      <StandalonePageHeader eyebrow="About Us" title="Security-First Software, Built to Last">
        {site.name} started in {site.founded} as a cybersecurity consultancy in Egypt. Today our teams in
        Egypt, the UAE and Chicago design, build and run software for companies on four continents, with the
        same care for security that we started with.
      </StandalonePageHeader>
      <Container size="lg">
        <Stack gap={72}>
          <section aria-labelledby="story-heading">
            <Title order={2} ta="center" mb="xl" id="story-heading">
              Our Journey
            </Title>
            <Timeline active={COMPANY_TIMELINE.length - 1} bulletSize={28} lineWidth={2} maw={640} mx="auto">
              {COMPANY_TIMELINE.map((entry) => (
                <Timeline.Item
                  key={entry.year}
                  title={
                    <Group gap="sm">
                      <Text fw={800} c="signal.4">
                        {entry.year}
                      </Text>
                      <Text fw={700}>{entry.title}</Text>
                    </Group>
                  }
                >
                  <Text size="sm" c="dimmed">
                    {entry.text}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </section>

          <section aria-labelledby="founders-heading">
            <Title order={2} ta="center" mb={6} id="founders-heading">
              Our Founders
            </Title>
            <Text ta="center" c="dimmed" mb="xl">
              Click, tap or press Enter on a card to read more.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} maw={760} mx="auto" spacing="xl">
              {COMPANY_FOUNDERS.map((founder) => (
                <FounderCard key={founder.name} founder={founder} />
              ))}
            </SimpleGrid>
          </section>

          <section aria-labelledby="values-heading">
            <Title order={2} ta="center" mb="xl" id="values-heading">
              What We Stand For
            </Title>
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 4 }}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {COMPANY_VALUES.map((value, index) => {
                const Icon = valueIcons[index] ?? IconShieldLock
                return (
                  <Paper component="li" key={value.title} withBorder p="lg" bg="dark.7">
                    <ThemeIcon variant="light" size={44} radius="md" mb="sm">
                      <Icon size={24} aria-hidden />
                    </ThemeIcon>
                    <Title order={3} size="h5" mb={4}>
                      {value.title}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {value.text}
                    </Text>
                  </Paper>
                )
              })}
            </SimpleGrid>
          </section>

          <CallToAction
            headingId="connect-heading"
            title="Connect With Us"
            actions={[{ label: 'Get in Touch', to: '/contact', variant: 'light', icon: 'arrow' }]}
          >
            <SocialLinks />
          </CallToAction>
        </Stack>
      </Container>
    </>
  )
}
