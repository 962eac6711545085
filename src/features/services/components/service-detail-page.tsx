import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconCheck,
  IconClock,
  IconFileDollar,
  IconMessage2,
  IconSparkles,
  IconStarFilled,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import {
  CLIENT_RATING,
  findService,
  PROJECTS_DELIVERED,
  REQUEST_NOTICE_MS,
  type PricingPlan,
  type Service,
} from '@/contract/services'
import { BackLink } from '@/components/back-link'
import { CallToAction } from '@/components/call-to-action'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { HEADER_HEIGHT } from '@/components/layout/site-header'
import { useDocumentTitle } from '@/lib/use-document-title'

export type RequestNotice = { kind: 'quote' } | { kind: 'otpPlan'; plan: string | null }

/** Shows a request notice and clears it after 3 s (quote) or 4 s (OTP plan), as spec 000 §2 says. */
export function useRequestNotice() {
  const [notice, setNotice] = useState<RequestNotice | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = window.setTimeout(() => setNotice(null), REQUEST_NOTICE_MS[notice.kind])
    return () => window.clearTimeout(timer)
  }, [notice])
  return [notice, (next: RequestNotice) => setNotice({ ...next })] as const
}

function NoticeBanner({ notice, service }: { notice: RequestNotice; service: Service }) {
  if (notice.kind === 'quote') {
    return (
      <Alert
        color="signal"
        variant="outline"
        bg="dark.7"
        role="status"
        style={{ boxShadow: '0 12px 32px rgba(0,0,0,.45)' }}
        title={`Quote request: ${service.title}`}
      >
        Send us your project brief and we will reply with a quote within 48 hours.{' '}
        <Anchor component={Link} to="/start-project" fw={700}>
          Start your brief
        </Anchor>
      </Alert>
    )
  }
  const subject = `${service.title}${notice.plan ? ` ${notice.plan} plan` : ''} request`
  return (
    <Alert
      color="signal"
      variant="outline"
      bg="dark.7"
      role="status"
      style={{ boxShadow: '0 12px 32px rgba(0,0,0,.45)' }}
      title={`OTP plan request: ${notice.plan ?? service.title}`}
    >
      Tell us your expected volume and we will set up your {service.title} plan within 24 hours.{' '}
      <Anchor
        renderRoot={(props) => <Link to="/contact" search={{ type: 'Quote', subject }} {...props} />}
        fw={700}
      >
        Send the request
      </Anchor>
    </Alert>
  )
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="dark.7" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  )
}

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon size={22} radius="xl" variant="light">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  )
}

function PlanCard({ plan, onRequest }: { plan: PricingPlan; onRequest: () => void }) {
  return (
    <Card
      component="article"
      aria-label={`${plan.name} plan`}
      bg="dark.7"
      style={plan.popular ? { borderColor: 'var(--mantine-color-signal-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
          {plan.popular && <Badge color="signal">Most Popular</Badge>}
        </Group>
        <div>
          <Text fz={32} fw={800} lh={1.1}>
            {plan.price}
          </Text>
          <Text size="sm" c="dimmed">
            {plan.messages} · {plan.duration}
          </Text>
        </div>
        {plan.bestFor && (
          <Text size="sm" c="signal.4">
            Best for: {plan.bestFor}
          </Text>
        )}
        <CheckList items={plan.features} />
        <Button
          mt="auto"
          variant={plan.popular ? 'filled' : 'default'}
          onClick={onRequest}
          aria-label={`Request OTP Plan: ${plan.name}`}
        >
          Request OTP Plan
        </Button>
      </Stack>
    </Card>
  )
}

function DetailRow({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap={8} wrap="nowrap" c="dimmed">
        {icon}
        <Text size="sm">{label}</Text>
      </Group>
      <Text size="sm" fw={700} ta="right">
        {value}
      </Text>
    </Group>
  )
}

export function ServiceNotFound() {
  useDocumentTitle('Service Not Found')
  return (
    <Container size="sm" py={120} ta="center">
      <Stack align="center" gap="md">
        <Title order={1}>Service Not Found</Title>
        <Text c="dimmed">The service you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/services" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to Services
        </Button>
      </Stack>
    </Container>
  )
}

export function ServiceDetailPage({ slug }: { slug: string }) {
  const service = findService(slug)
  if (!service) return <ServiceNotFound />
  return <ServiceDetail key={service.slug} service={service} />
}

function ServiceDetail({ service }: { service: Service }) {
  useDocumentTitle(service.title)
  const [notice, showNotice] = useRequestNotice()
  const requestLabel = service.isOTP ? 'Request OTP Plan' : 'Request Quote'
  const request = () => showNotice(service.isOTP ? { kind: 'otpPlan', plan: null } : { kind: 'quote' })

  return (
    <Container size="xl" py={{ base: 32, md: 56 }}>
      <BackLink to="/services">Back to Services</BackLink>

      <Grid gap="xl" mt="lg" align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {service.isNew && (
              <Badge
                size="lg"
                variant="filled"
                leftSection={<IconSparkles size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                NEW SERVICE
              </Badge>
            )}
            <Title order={1} fz={{ base: 34, md: 50 }} lh={1.1}>
              {service.title}
            </Title>
            <Text size="xl" c="dark.0">
              {service.subtitle}
            </Text>
            <Group gap="lg" mt="xs">
              <Group gap={6}>
                <IconClock size={18} aria-hidden color="var(--mantine-color-signal-5)" />
                <Text size="sm">{service.timeline}</Text>
              </Group>
              <Group gap={6}>
                <IconUsers size={18} aria-hidden color="var(--mantine-color-signal-5)" />
                <Text size="sm">{service.teamSize}</Text>
              </Group>
              <Group gap={6}>
                <IconTrophy size={18} aria-hidden color="var(--mantine-color-signal-5)" />
                <Text size="sm">{PROJECTS_DELIVERED}</Text>
              </Group>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ImageWithFallback
            src={service.image}
            alt={`${service.title} illustration`}
            width={640}
            height={360}
            eager
            style={{ display: 'block', width: '100%', borderRadius: 'var(--mantine-radius-lg)' }}
          />
        </Grid.Col>
      </Grid>

      {service.promo && (
        <Paper
          mt="xl"
          p={{ base: 'lg', sm: 'xl' }}
          component="section"
          aria-labelledby="promo-heading"
          style={{
            background: 'linear-gradient(120deg, rgba(9,235,151,.14), rgba(76,141,255,.12))',
            border: '1px solid var(--mantine-color-signal-9)',
          }}
        >
          <Title order={2} size="h3" id="promo-heading">
            {service.promo.headline}
          </Title>
          <Text c="dark.0" mt={6} maw={760}>
            {service.promo.text}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg" component="dl" m={0}>
            {service.promo.stats.map((stat) => (
              <Box key={stat.label} style={{ display: 'flex', flexDirection: 'column-reverse' }}>
                <Text component="dt" size="sm" c="dimmed">
                  {stat.label}
                </Text>
                <Text component="dd" m={0} fz={30} fw={800} c="signal.4">
                  {stat.value}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Paper>
      )}

      <Grid gap="xl" mt="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Overview" id="overview-heading">
              <Text c="dark.0">{service.description}</Text>
            </Section>
            {service.otpExplainer && (
              <Section title={service.otpExplainer.title} id="otp-heading">
                <Text c="dark.0" mb="md">
                  {service.otpExplainer.text}
                </Text>
                <List type="ordered" spacing="xs">
                  {service.otpExplainer.steps.map((step) => (
                    <List.Item key={step}>{step}</List.Item>
                  ))}
                </List>
              </Section>
            )}
            {service.successRate !== undefined && (
              <Section title="Delivery Success Rate" id="success-heading">
                <Group justify="space-between" mb={6}>
                  <Text c="dimmed" size="sm">
                    Messages delivered on the first attempt
                  </Text>
                  <Text fw={800} fz={28} c="signal.4" data-testid="success-rate">
                    {service.successRate}%
                  </Text>
                </Group>
                <Progress
                  value={service.successRate}
                  size="lg"
                  aria-label={`Delivery success rate ${service.successRate}%`}
                />
              </Section>
            )}
            <Section title="Key Features" id="features-heading">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {service.features.map((feature) => (
                  <Group key={feature} gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={22} radius="xl" variant="light">
                      <IconCheck size={14} aria-hidden />
                    </ThemeIcon>
                    <Text size="sm">{feature}</Text>
                  </Group>
                ))}
              </SimpleGrid>
            </Section>
            <Section title="Technologies Used" id="tech-heading">
              <Group gap="xs">
                {service.technologies.map((tech) => (
                  <Badge key={tech} variant="default" size="lg" tt="none" fw={500}>
                    {tech}
                  </Badge>
                ))}
              </Group>
            </Section>
            <Section title="Deliverables" id="deliverables-heading">
              <CheckList items={service.deliverables} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card
            component="aside"
            aria-labelledby="details-heading"
            bg="dark.7"
            style={{ position: 'sticky', top: HEADER_HEIGHT + 16 }}
          >
            <Stack gap="md">
              <Title order={2} size="h4" id="details-heading">
                Project Details
              </Title>
              <div>
                <Text size="xs" c="dimmed">
                  Starting price
                </Text>
                <Text fz={26} fw={800} c="signal.4">
                  {service.pricing}
                </Text>
              </div>
              <DetailRow
                icon={<IconClock size={16} aria-hidden />}
                label="Timeline"
                value={service.timeline}
              />
              <DetailRow
                icon={<IconUsers size={16} aria-hidden />}
                label="Team size"
                value={service.teamSize}
              />
              <DetailRow
                icon={<IconStarFilled size={16} aria-hidden color="var(--mantine-color-yellow-5)" />}
                label="Client rating"
                value={CLIENT_RATING}
              />
              <Button
                size="md"
                onClick={request}
                leftSection={
                  service.isOTP ? (
                    <IconMessage2 size={18} aria-hidden />
                  ) : (
                    <IconFileDollar size={18} aria-hidden />
                  )
                }
              >
                {requestLabel}
              </Button>
              <Button
                component={Link}
                to="/contact"
                size="md"
                variant="default"
                leftSection={<IconCalendarEvent size={18} aria-hidden />}
              >
                Schedule Consultation
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      {service.pricingPlans && (
        <Box component="section" aria-labelledby="plans-heading" mt={56}>
          <Title order={2} ta="center" id="plans-heading">
            {service.title} Plans
          </Title>
          <Text ta="center" c="dimmed" mb="xl">
            Pick the volume that fits; you can change plans at any time.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: service.pricingPlans.length }} spacing="lg">
            {service.pricingPlans.map((plan) => (
              <PlanCard
                key={plan.name}
                plan={plan}
                onRequest={() => showNotice({ kind: 'otpPlan', plan: plan.name })}
              />
            ))}
          </SimpleGrid>
        </Box>
      )}

      {/* Fixed, so a notice from a plan card far down the page is seen as well. */}
      <Box
        aria-live="polite"
        pos="fixed"
        bottom={24}
        left="50%"
        w="calc(100% - 32px)"
        maw={480}
        style={{ transform: 'translateX(-50%)', zIndex: 300 }}
      >
        {notice && <NoticeBanner notice={notice} service={service} />}
      </Box>

      <CallToAction
        mt={56}
        title={`Ready to get started with ${service.title}?`}
        text="Tell us about your project and we will reply with a proposal within 48 hours."
        actions={[{ label: 'Start Your Project', to: '/start-project', icon: 'arrow' }]}
      />
    </Container>
  )
}
