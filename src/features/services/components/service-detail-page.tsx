import { Box, Button, Container, Grid, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { findService, type Service } from '@/contract/services'
import { BackLink } from '@/components/back-link'
import { CallToAction } from '@/components/call-to-action'
import { useDocumentTitle } from '@/lib/use-document-title'
import { PricingPlans } from './pricing-plans'
import { NoticeBanner, useRequestNotice } from './request-notice'
import { ServiceDetailsCard } from './service-details-card'
import { ServiceHero, ServicePromoSection } from './service-hero'
import { ServiceSections } from './service-sections'

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

/** /services/{slug}: hero, promotion, the sections, the details card, plans and a request notice. */
function ServiceDetail({ service }: { service: Service }) {
  useDocumentTitle(service.title)
  const [notice, showNotice] = useRequestNotice()
  const request = () => showNotice(service.isOTP ? { kind: 'otpPlan', plan: null } : { kind: 'quote' })

  return (
    <Container size="xl" py={{ base: 32, md: 56 }}>
      <BackLink to="/services">Back to Services</BackLink>
      <ServiceHero service={service} />
      {service.promo && <ServicePromoSection promo={service.promo} />}

      <Grid gap="xl" mt="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ServiceSections service={service} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ServiceDetailsCard service={service} onRequest={request} />
        </Grid.Col>
      </Grid>

      {service.pricingPlans && (
        <PricingPlans
          service={service}
          plans={service.pricingPlans}
          onRequest={(plan) => showNotice({ kind: 'otpPlan', plan })}
        />
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
