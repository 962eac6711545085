import { Alert, Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame of every content form: the failure message on top, the fields, the submit button. */
export function ContentForm({
  failure,
  pending,
  submitLabel,
  onSubmit,
  children,
}: {
  failure: string | null
  pending: boolean
  submitLabel: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
