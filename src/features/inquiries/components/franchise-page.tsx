import { Container, Grid, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconListDetails,
  IconCertificate,
  IconHeadset,
  IconSchool,
  IconSpeakerphone,
  IconUsersGroup,
} from '@tabler/icons-react'
import { StandalonePageHeader } from '@/components/page-header'
import { FranchiseForm } from './franchise-form'

const benefits = [
  {
    title: 'Proven service catalogue',
    text: 'Sell web, mobile, AI, security and cloud services with our price book and delivery playbooks.',
    Icon: IconListDetails,
  },
  {
    title: 'Engineering backup',
    text: 'Our teams in Egypt, the UAE and Chicago deliver the work you cannot staff locally yet.',
    Icon: IconUsersGroup,
  },
  {
    title: 'Training and certification',
    text: 'Sales, project management and security training for you and your staff.',
    Icon: IconSchool,
  },
  {
    title: 'Brand and marketing',
    text: 'A recognised brand, campaign templates and leads from your region.',
    Icon: IconSpeakerphone,
  },
  {
    title: 'Quality standards',
    text: 'The security reviews and testing standards that our clients already trust.',
    Icon: IconCertificate,
  },
  {
    title: 'Ongoing support',
    text: 'A dedicated partner manager and a monthly business review.',
    Icon: IconHeadset,
  },
]

const nextSteps = [
  { title: 'Introductory call', text: 'Within 24 hours we call to learn about you and your market.' },
  {
    title: 'Market assessment',
    text: 'Together we look at demand, competition and the investment your region needs.',
  },
  { title: 'Agreement', text: 'You receive the franchise terms, territory and launch plan to review.' },
  {
    title: 'Launch',
    text: 'Training, brand set-up and your first client projects with our teams behind you.',
  },
]

export function FranchisePage() {
  return (
    <>
      <StandalonePageHeader eyebrow="Franchise" title="Run a Cypher Franchise in Your Country">
        Bring secure, modern software services to your market, backed by our engineering teams and brand.
      </StandalonePageHeader>
      <Container size="lg">
        <Stack gap={56}>
          <section aria-labelledby="benefits-heading">
            <Title order={2} size="h2" ta="center" mb="xl" id="benefits-heading">
              Why Partner With Us
            </Title>
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {benefits.map(({ title, text, Icon }) => (
                <Paper component="li" key={title} withBorder p="lg" bg="dark.7">
                  <ThemeIcon variant="light" size={44} radius="md" mb="sm">
                    <Icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Text fw={700} mb={4}>
                    {title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </section>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper
                withBorder
                p={{ base: 'md', sm: 'xl' }}
                bg="dark.7"
                component="section"
                aria-labelledby="apply-heading"
              >
                <Title order={2} size="h3" mb="md" id="apply-heading">
                  Apply for a Franchise
                </Title>
                <FranchiseForm />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="xl" bg="dark.7" component="section" aria-labelledby="steps-heading">
                <Title order={2} size="h4" mb="md" id="steps-heading">
                  Next Steps
                </Title>
                <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                  {nextSteps.map((step, index) => (
                    <li key={step.title}>
                      <Text fw={700}>
                        {index + 1}. {step.title}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {step.text}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </Stack>
      </Container>
    </>
  )
}
