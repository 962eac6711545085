import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { site } from '@/contract/site'

export const PRIVACY_LAST_UPDATED = 'December 2024'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

export function PrivacyPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1}>Privacy Policy</Title>
          <Text c="dimmed">Last updated: {PRIVACY_LAST_UPDATED}</Text>
        </Stack>
        <Text c="dark.0">
          This policy explains what personal data {site.legalName} (&quot;{site.name}&quot;, &quot;we&quot;)
          collects through this website and the client portal, why we collect it, and the choices you have.
        </Text>
        <Section title="What we collect">
          <List spacing="xs" c="dark.0">
            <List.Item>
              <strong>Details you send us</strong>: your name, e-mail address, phone number, company and
              message when you use the contact form, the project brief, the franchise application, a job
              application or the newsletter form, and any file you attach.
            </List.Item>
            <List.Item>
              <strong>Account data</strong>: if you register for the client portal, your account details and
              the projects, tickets, apps, payments and domains linked to it.
            </List.Item>
            <List.Item>
              <strong>Usage data</strong>: the pages you visit, counted by our own first-party analytics. We
              use no advertising cookies and store no IP addresses with page views.
            </List.Item>
          </List>
        </Section>
        <Section title="How we use it">
          <List spacing="xs" c="dark.0">
            <List.Item>To answer your message, prepare a proposal or assess your application.</List.Item>
            <List.Item>To deliver the services you buy and to run your client portal account.</List.Item>
            <List.Item>
              To send the newsletter, only if you subscribed; every issue explains how to leave.
            </List.Item>
            <List.Item>To keep our systems secure and to understand which pages are useful.</List.Item>
          </List>
        </Section>
        <Section title="Sharing">
          <Text c="dark.0">
            We do not sell personal data. We share it only with providers that help us run the service
            (hosting, e-mail delivery, payment processing and messaging delivery), under contracts that
            require them to protect it, or when the law requires us to.
          </Text>
        </Section>
        <Section title="How long we keep it">
          <Text c="dark.0">
            Inquiries and applications are kept for up to two years, account data for as long as your account
            is open and then as long as accounting law requires. Uploaded files are deleted with the inquiry
            or application they belong to.
          </Text>
        </Section>
        <Section title="Security">
          <Text c="dark.0">
            Data travels encrypted, passwords are stored as salted hashes, and uploaded files are kept outside
            any public web folder. Access is limited to the staff who need it.
          </Text>
        </Section>
        <Section title="Your rights">
          <Text c="dark.0">
            You can ask for a copy of your data, its correction or deletion, or object to its use, by writing
            to us. We answer within 30 days.
          </Text>
        </Section>
        <Paper withBorder p="lg" bg="dark.7" component="section" aria-labelledby="privacy-contact">
          <Title order={2} size="h4" id="privacy-contact" mb="xs">
            Questions about your data?
          </Title>
          <Text c="dark.0">
            E-mail <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor> or use our{' '}
            <Anchor component={Link} to="/contact">
              contact page
            </Anchor>
            .
          </Text>
        </Paper>
      </Stack>
    </Container>
  )
}
