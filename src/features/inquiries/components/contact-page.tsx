import {
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconArrowRight, IconBuilding, IconClock, IconMail, IconPhone } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { InquiryTypeLabel } from '@/contract/inquiries'
import { OFFICE_COUNTRIES } from '@/contract/offices'
import { RESPONSE_PROMISES } from '@/contract/company'
import { site } from '@/contract/site'
import { SocialLinks } from '@/components/social-links'
import { StandalonePageHeader } from '@/components/page-header'
import { ContactForm } from './contact-form'

const infoCards = [
  { title: 'Email', value: site.salesEmail, href: `mailto:${site.salesEmail}`, Icon: IconMail },
  { title: 'Phone', value: site.phone, href: `tel:${site.phone.replace(/[^+\d]/g, '')}`, Icon: IconPhone },
  { title: 'Offices', value: OFFICE_COUNTRIES.join(' · '), href: null, Icon: IconBuilding },
  { title: 'Business Hours', value: site.businessHours, href: null, Icon: IconClock },
]

export function ContactPage({
  initialType,
  initialSubject,
  offices,
}: {
  initialType?: InquiryTypeLabel
  initialSubject?: string
  /** The office block (the offices feature), composed by the route under the form. */
  offices: ReactNode
}) {
  return (
    <>
      <StandalonePageHeader eyebrow="Contact" title="Let's Talk About Your Project">
        Questions, quotes, partnerships or a job application: send us a message and the right person will
        answer.
      </StandalonePageHeader>
      <Container size="lg">
        <Stack gap={48}>
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 4 }}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {infoCards.map(({ title, value, href, Icon }) => (
              <Paper component="li" key={title} withBorder p="lg" bg="dark.7">
                <Stack gap={6}>
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Text fw={700}>{title}</Text>
                  {href ? (
                    <Text
                      component="a"
                      href={href}
                      c="signal.4"
                      size="sm"
                      style={{ wordBreak: 'break-word' }}
                    >
                      {value}
                    </Text>
                  ) : (
                    <Text size="sm" c="dark.0">
                      {value}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>

          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper
                withBorder
                p={{ base: 'md', sm: 'xl' }}
                bg="dark.7"
                component="section"
                aria-labelledby="contact-form-heading"
              >
                <Title order={2} size="h3" mb="md" id="contact-form-heading">
                  Send Us a Message
                </Title>
                <ContactForm initialType={initialType} initialSubject={initialSubject} />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <Paper withBorder p="xl" bg="dark.7" component="section" aria-labelledby="response-heading">
                  <Title order={2} size="h4" mb="md" id="response-heading">
                    When We Reply
                  </Title>
                  <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {RESPONSE_PROMISES.map((promise) => (
                      <Group component="li" key={promise.key} justify="space-between" wrap="nowrap">
                        <Text c="dark.0">{promise.label}</Text>
                        <Text fw={700} c="signal.4">
                          {promise.time}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Paper>
                <Paper withBorder p="xl" bg="dark.7" component="section" aria-labelledby="follow-heading">
                  <Title order={2} size="h4" mb="md" id="follow-heading">
                    Follow Us
                  </Title>
                  <SocialLinks />
                </Paper>
                <Paper withBorder p="xl" bg="dark.7" component="section" aria-labelledby="brief-heading">
                  <Title order={2} size="h4" mb={6} id="brief-heading">
                    Ready to start?
                  </Title>
                  <Text c="dimmed" size="sm" mb="md">
                    Send a full project brief and get a proposal within 48 hours.
                  </Text>
                  <Button
                    component={Link}
                    to="/start-project"
                    rightSection={<IconArrowRight size={16} aria-hidden />}
                  >
                    Start Your Project
                  </Button>
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>

          {offices}
        </Stack>
      </Container>
    </>
  )
}
