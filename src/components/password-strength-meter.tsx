import { Box, Group, List, Progress, Text } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { PASSWORD_CRITERIA, scorePassword } from '@/contract/password'

const colours = { Weak: 'red', Medium: 'yellow', Strong: 'signal' } as const

/** Weak at score 1 or less, Medium at 2-3, Strong at 4-5, with the criteria still missing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null
  const { score, label, missing } = scorePassword(password)
  return (
    <Box aria-live="polite" data-testid="password-strength">
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={700} c={colours[label]}>
          {label}
        </Text>
      </Group>
      <Progress
        value={(score / PASSWORD_CRITERIA.length) * 100}
        color={colours[label]}
        size="sm"
        aria-label={`Password strength: ${label}`}
      />
      {missing.length > 0 && (
        <List size="xs" mt={6} spacing={2} aria-label="Missing password criteria">
          {PASSWORD_CRITERIA.map((c) => {
            const met = !missing.includes(c.label)
            return (
              <List.Item
                key={c.key}
                c={met ? 'signal.5' : 'dimmed'}
                icon={met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              >
                {c.label}
              </List.Item>
            )
          })}
        </List>
      )}
    </Box>
  )
}
