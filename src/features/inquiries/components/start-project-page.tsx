import { Container, Grid, Paper, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core'
import { IconClipboardCheck, IconFileText, IconRocket } from '@tabler/icons-react'
import { RESPONSE_PROMISES } from '@/contract/company'
import { StandalonePageHeader } from '@/components/page-header'
import { ProjectWizard } from './project-wizard'

const within = (key: 'general' | 'quotes') =>
  (RESPONSE_PROMISES.find((p) => p.key === key)?.time ?? '').replace(' hours', 'h')

const nextSteps = [
  {
    title: 'Initial review',
    text: `A senior engineer reads your brief within ${within('general')} and may ask a few questions.`,
    Icon: IconClipboardCheck,
  },
  {
    title: 'Proposal',
    text: `Within ${within('quotes')} you receive a proposal with scope, timeline, team and cost.`,
    Icon: IconFileText,
  },
  {
    title: 'Kickoff',
    text: 'Once you approve, we schedule the kickoff call and start the first sprint.',
    Icon: IconRocket,
  },
]

export function StartProjectPage() {
  return (
    <>
      <StandalonePageHeader eyebrow="Start Your Project" title="Tell Us What You Want to Build">
        Three short steps. The more you tell us, the more precise our proposal.
      </StandalonePageHeader>
      <Container size="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ProjectWizard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="xl" bg="dark.7" component="section" aria-labelledby="next-heading">
              <Title order={2} size="h4" mb="lg" id="next-heading">
                What Happens Next
              </Title>
              <Timeline active={-1} bulletSize={32} lineWidth={2}>
                {nextSteps.map(({ title, text, Icon }) => (
                  <Timeline.Item
                    key={title}
                    title={<Text fw={700}>{title}</Text>}
                    bullet={
                      <ThemeIcon size={32} radius="xl" variant="light">
                        <Icon size={16} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    <Stack gap={0}>
                      <Text size="sm" c="dimmed">
                        {text}
                      </Text>
                    </Stack>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  )
}
