import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core'
import { Dropzone, type FileRejection } from '@mantine/dropzone'
import '@mantine/dropzone/styles.layer.css'
import { IconFile, IconUpload, IconX } from '@tabler/icons-react'
import { useId } from 'react'
import { formatFileSize } from '@/lib/format'

export interface FileRules {
  /** Lower-case extensions without the dot: ['pdf', 'doc', 'docx']. */
  extensions: string[]
  maxBytes: number
  tooLargeMessage: string
  badTypeMessage: string
}

/** The rule a file breaks, or null. Checked before upload; the server checks the bytes again. */
export function checkFile(file: File, rules: FileRules): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  if (!rules.extensions.includes(extension)) return rules.badTypeMessage
  if (file.size > rules.maxBytes) return rules.tooLargeMessage
  return null
}

interface FilePickerProps {
  label: string
  hint: string
  rules: FileRules
  value: File | null
  onChange: (file: File | null) => void
  /** Called with the broken rule's message; the selection is cleared. */
  onError: (message: string) => void
  disabled?: boolean
  required?: boolean
}

/** Drag-and-drop or click to choose one file; the chosen file can be removed. */
export function FilePicker({
  label,
  hint,
  rules,
  value,
  onChange,
  onError,
  disabled,
  required,
}: FilePickerProps) {
  const id = useId()
  function accept(files: File[]) {
    const file = files[0]
    if (!file) return
    const problem = checkFile(file, rules)
    if (problem) {
      onChange(null)
      onError(problem)
      return
    }
    onChange(file)
  }
  function reject(rejections: FileRejection[]) {
    const file = rejections[0]?.file
    onChange(null)
    onError(file ? (checkFile(file, rules) ?? rules.badTypeMessage) : rules.badTypeMessage)
  }
  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
        {required && (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {value ? (
        <Paper withBorder p="sm" bg="dark.6">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFile size={22} aria-hidden />
              <Stack gap={0} miw={0}>
                <Text size="sm" truncate>
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(value.size)}
                </Text>
              </Stack>
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onChange(null)}
              disabled={disabled}
              aria-label={`Remove ${value.name}`}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ) : (
        <Dropzone
          onDrop={accept}
          onReject={reject}
          maxFiles={1}
          multiple={false}
          disabled={disabled}
          inputProps={{ id, 'aria-label': label }}
          bg="dark.7"
          style={{ borderColor: 'var(--mantine-color-dark-4)' }}
        >
          <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }}>
            <IconUpload size={28} aria-hidden color="var(--mantine-color-signal-5)" />
            <Stack gap={2}>
              <Text size="sm">Drag a file here or click to choose</Text>
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      )}
    </Stack>
  )
}
