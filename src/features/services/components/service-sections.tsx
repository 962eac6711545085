import { Badge, Group, List, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { Service } from '@/contract/services'

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

export function CheckList({ items }: { items: readonly string[] }) {
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

/**
 * The main column of a service page: overview, the OTP explainer and success rate (OTP services),
 * key features, technologies and deliverables.
 */
export function ServiceSections({ service }: { service: Service }) {
  return (
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
  )
}
