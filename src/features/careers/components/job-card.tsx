import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconBriefcase, IconClock, IconMapPin } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import {
  careersMessages,
  EXPERIENCE_LEVEL_LABELS,
  JOB_TYPE_LABELS,
  jobSlug,
  skillList,
  WORK_FROM_LABELS,
  type Job,
} from '@/contract/careers'
import cardLink from '@/components/card-link.module.css'
import { formatDate } from '@/lib/format'

/** Card limit: skills shown before '+N'. */
const SKILLS_SHOWN = 4

export function JobCard({ job }: { job: Job }) {
  const slug = jobSlug(job)
  const skills = skillList(job.skills)
  return (
    <Card className={cardLink.card} component="article" padding="lg">
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light">{JOB_TYPE_LABELS[job.job_type]}</Badge>
          <Badge variant="light" color="blue">
            {EXPERIENCE_LEVEL_LABELS[job.experience_level]}
          </Badge>
          {job.is_featured && (
            <Badge variant="light" color="yellow">
              Featured
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4" lh={1.3}>
          <Link to="/careers/$slug" params={{ slug }} className={cardLink.cardLink}>
            {job.title}
          </Link>
        </Title>
        <Group gap="md" c="dimmed" fz="sm">
          {job.department && (
            <Group gap={4}>
              <IconBriefcase size={15} aria-hidden />
              <span>{job.department}</span>
            </Group>
          )}
          <Group gap={4}>
            <IconMapPin size={15} aria-hidden />
            <span>
              {job.location || 'Anywhere'} · {WORK_FROM_LABELS[job.work_from]}
            </span>
          </Group>
          <Group gap={4}>
            <IconClock size={15} aria-hidden />
            <span>Posted {formatDate(job.created_at)}</span>
          </Group>
        </Group>
        <Text size="sm" c="dark.0" lineClamp={3}>
          {job.description || careersMessages.defaultDescription}
        </Text>
        {skills.length > 0 && (
          <Group gap={6}>
            {skills.slice(0, SKILLS_SHOWN).map((skill) => (
              <Badge key={skill} variant="outline" color="gray" tt="none" size="sm">
                {skill}
              </Badge>
            ))}
            {skills.length > SKILLS_SHOWN && (
              <Text size="xs" c="dimmed">
                +{skills.length - SKILLS_SHOWN} more
              </Text>
            )}
          </Group>
        )}
        <Group justify="space-between" mt="auto" pt="xs" gap="sm">
          <Text size="sm" fw={600} c="signal.4">
            {job.salary_range}
          </Text>
          <Button
            renderRoot={(props) => <Link to="/careers/$slug" params={{ slug }} hash="apply" {...props} />}
            size="sm"
            className={cardLink.raised}
            aria-label={`Apply Now: ${job.title}`}
          >
            Apply Now
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
