import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { PricingPlan, Service } from '@/contract/services'
import { CheckList } from './service-sections'

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

/** The plans section of an OTP service: one card per plan, each with its own request button. */
export function PricingPlans({
  service,
  plans,
  onRequest,
}: {
  service: Service
  plans: PricingPlan[]
  onRequest: (plan: string) => void
}) {
  return (
    <Box component="section" aria-labelledby="plans-heading" mt={56}>
      <Title order={2} ta="center" id="plans-heading">
        {service.title} Plans
      </Title>
      <Text ta="center" c="dimmed" mb="xl">
        Pick the volume that fits; you can change plans at any time.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: plans.length }} spacing="lg">
        {plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} onRequest={() => onRequest(plan.name)} />
        ))}
      </SimpleGrid>
    </Box>
  )
}
