import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconArrowRight, IconCalendarEvent, IconCheck, IconFileDollar } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { catalogueServices, type Service } from '@/contract/services'
import { CallToAction } from '@/components/call-to-action'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { PageHeader } from '@/components/page-header'

export function ServiceCard({ service, eager }: { service: Service; eager?: boolean }) {
  return (
    <Card
      component="article"
      padding={0}
      h="100%"
      aria-labelledby={`service-${service.slug}`}
      data-testid="service-card"
    >
      <ImageWithFallback
        src={service.image}
        alt=""
        width={640}
        height={360}
        eager={eager}
        style={{ display: 'block', width: '100%' }}
      />
      <Stack gap="sm" p="lg" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={`service-${service.slug}`}>
            {service.title}
          </Title>
          {service.isNew && (
            <Badge variant="filled" color="signal" style={{ flexShrink: 0 }}>
              NEW
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {service.description}
        </Text>
        <List
          spacing={4}
          size="sm"
          icon={<IconCheck size={14} color="var(--mantine-color-signal-5)" aria-hidden />}
        >
          {service.features.slice(0, 4).map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Group justify="space-between" mt="auto" pt="sm" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Starting price
            </Text>
            <Text fw={700} c="signal.4">
              {service.pricing}
            </Text>
          </Stack>
          <Button
            // renderRoot keeps the router's typed params (component={Link} loses them).
            renderRoot={(props) => <Link to="/services/$slug" params={{ slug: service.slug }} {...props} />}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Learn More
            {/* The visible text is the spec's; the hidden rest makes each link say where it goes. */}
            <VisuallyHidden> about {service.title}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

export function ServicesPage() {
  return (
    <Container size="xl" py={{ base: 48, md: 80 }}>
      <PageHeader eyebrow="Services" title="Everything You Need to Build, Secure and Grow" mb={48}>
        Ten services delivered by one team, from the first design to the cloud it runs on. Every project
        includes a security review.
      </PageHeader>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {catalogueServices.map((service, index) => (
          <ServiceCard key={service.slug} service={service} eager={index < 3} />
        ))}
      </SimpleGrid>
      <CallToAction
        mt={64}
        headingId="services-cta"
        title="Not sure which service fits?"
        text="Describe what you want to achieve and we will recommend the right mix, with a quote within 48 hours."
        actions={[
          { label: 'Request Quote', to: '/start-project', icon: IconFileDollar },
          { label: 'Schedule Consultation', to: '/contact', variant: 'default', icon: IconCalendarEvent },
        ]}
      />
    </Container>
  )
}
