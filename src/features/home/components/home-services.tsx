import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { findService, HOME_SERVICE_SLUGS, type Service } from '@/contract/services'
import { ImageWithFallback } from '@/components/image-with-fallback'
import classes from './home.module.css'

const homeServices = HOME_SERVICE_SLUGS.map(findService).filter((s): s is Service => s !== undefined)

/** The eight service cards of the home page; NEW marks AI and Digital Marketing. */
export function HomeServices() {
  return (
    <Container
      size="xl"
      py={{ base: 56, md: 88 }}
      component="section"
      aria-labelledby="home-services-heading"
    >
      <Stack gap={6} align="center" ta="center" mb="xl">
        <Title order={2} fz={{ base: 28, md: 38 }} id="home-services-heading">
          What We Build
        </Title>
        <Text c="dimmed" maw={620}>
          From the first prototype to secure operations in the cloud, one team for the whole journey.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {homeServices.map((service) => (
          <Card
            key={service.slug}
            padding={0}
            className={`${classes.serviceCard} ${classes.deferredCard}`}
            renderRoot={(props) => <Link to="/services/$slug" params={{ slug: service.slug }} {...props} />}
            data-testid="home-service-card"
          >
            <ImageWithFallback
              src={service.image}
              alt=""
              width={640}
              height={360}
              style={{ display: 'block', width: '100%' }}
            />
            <Stack gap={6} p="md" style={{ flex: 1 }}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={3} size="h5">
                  {service.title}
                </Title>
                {service.isNew && (
                  <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
                    NEW
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {service.subtitle}
              </Text>
              <Group gap={4} mt="auto" pt={6} c="signal.4">
                <Text size="sm" fw={600}>
                  {service.pricing}
                </Text>
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  )
}
