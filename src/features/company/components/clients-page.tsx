import { Avatar, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconQuote, IconStarFilled } from '@tabler/icons-react'
import { IMPACT_FIGURES } from '@/contract/company'
import { CallToAction } from '@/components/call-to-action'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { StandalonePageHeader } from '@/components/page-header'

const featuredClients = [
  { name: 'Nile Health', sector: 'Healthcare', logo: '/images/clients/nile-health.svg' },
  { name: 'Gulf Logistics', sector: 'Logistics', logo: '/images/clients/gulf-logistics.svg' },
  { name: 'Lakeshore Retail', sector: 'Retail', logo: '/images/clients/lakeshore-retail.svg' },
  { name: 'Delta Pay', sector: 'Fintech', logo: '/images/clients/delta-fintech.svg' },
  { name: 'Pyramid Edu', sector: 'Education', logo: '/images/clients/pyramid-edu.svg' },
  { name: 'Oasis Hotels', sector: 'Hospitality', logo: '/images/clients/oasis-hotels.svg' },
  { name: 'Windy City Legal', sector: 'Legal', logo: '/images/clients/windy-city-legal.svg' },
  { name: 'Sahara Energy', sector: 'Energy', logo: '/images/clients/sahara-energy.svg' },
]

const testimonials = [
  {
    quote:
      'They found three serious weaknesses in our patient portal in the first week, fixed them, and then rebuilt the booking flow. Online bookings doubled in a quarter.',
    name: 'Dr. Mona Hegazy',
    role: 'Chief Digital Officer, Nile Health',
  },
  {
    quote:
      'Our drivers use the app in places with almost no signal. It simply works offline and syncs later. The team understood our operations better than we expected.',
    name: 'Faisal Al Mansoori',
    role: 'Operations Director, Gulf Logistics',
  },
  {
    quote:
      'Clear proposals, weekly demos and no surprises on the invoice. The ERP went live on the date we agreed, with all ten years of our data migrated.',
    name: 'Rachel Kim',
    role: 'CFO, Lakeshore Retail',
  },
]

export function ClientsPage() {
  return (
    <>
      <StandalonePageHeader eyebrow="Our Clients" title="Trusted by Teams Around the World">
        From clinics in Cairo to retailers in Chicago, these are some of the companies that rely on our
        software every day.
      </StandalonePageHeader>
      <Container size="lg">
        <Stack gap={72}>
          <section aria-labelledby="clients-heading">
            <Title order={2} ta="center" mb="xl" id="clients-heading">
              Featured Clients
            </Title>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 4 }}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {featuredClients.map((client) => (
                <Paper component="li" key={client.name} withBorder p="md" bg="dark.7">
                  <Stack gap="xs" align="center">
                    <ImageWithFallback
                      src={client.logo}
                      alt={`${client.name} logo`}
                      width={200}
                      height={80}
                      letterFallback={client.name}
                    />
                    <Text size="xs" c="dimmed">
                      {client.sector}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          </section>

          <section aria-labelledby="testimonials-heading">
            <Title order={2} ta="center" mb="xl" id="testimonials-heading">
              What Our Clients Say
            </Title>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {testimonials.map((t) => (
                <Paper key={t.name} component="figure" withBorder p="xl" bg="dark.7" m={0}>
                  <IconQuote size={28} color="var(--mantine-color-signal-5)" aria-hidden />
                  <Group gap={2} my="sm" aria-label="Rated 5 out of 5" role="img">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <IconStarFilled key={n} size={14} color="var(--mantine-color-yellow-5)" aria-hidden />
                    ))}
                  </Group>
                  <Text component="blockquote" m={0} c="dark.0">
                    {t.quote}
                  </Text>
                  <Group component="figcaption" gap="sm" mt="lg" wrap="nowrap">
                    <Avatar color="signal" radius="xl" aria-hidden>
                      {t.name.replace(/^Dr\. /, '').charAt(0)}
                    </Avatar>
                    <div>
                      <Text fw={700} size="sm">
                        {t.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t.role}
                      </Text>
                    </div>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          </section>

          <section aria-labelledby="impact-heading">
            <Title order={2} ta="center" mb="xl" id="impact-heading">
              Our Impact
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }} component="dl" m={0}>
              {IMPACT_FIGURES.map((figure) => (
                // The figure reads first on screen; in the list the term comes before its value.
                <Paper
                  key={figure.label}
                  withBorder
                  p="lg"
                  bg="dark.7"
                  ta="center"
                  style={{ display: 'flex', flexDirection: 'column-reverse' }}
                >
                  <Text component="dt" c="dimmed" size="sm">
                    {figure.label}
                  </Text>
                  <Text component="dd" m={0} fz={36} fw={800} c="signal.4" lh={1.1}>
                    {figure.value}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </section>

          <CallToAction
            title="Become Our Next Success Story"
            text="Tell us about your project and get a proposal within 48 hours."
            actions={[{ label: 'Start Your Project', to: '/start-project', icon: 'arrow' }]}
          />
        </Stack>
      </Container>
    </>
  )
}
