import { ActionIcon, Button, Group, Image, Input, Stack, Text } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { apiFileUrl } from '@/lib/api-url'
import { ImageField } from './image-field'

/** An ordered list of image paths: each typed or uploaded, then added; any one can be removed. */
export function ScreenshotsField({
  label,
  value,
  onChange,
  error,
  max,
}: {
  label: string
  value: string[]
  onChange: (value: string[]) => void
  error?: string | undefined
  max: number
}) {
  const [next, setNext] = useState<string | null>(null)
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No screenshots yet.
          </Text>
        ) : (
          <Group gap="sm">
            {value.map((image, index) => (
              <Stack key={`${image}-${index}`} gap={4} align="center">
                <Image
                  src={apiFileUrl(image)}
                  alt={`Screenshot ${index + 1}`}
                  h={80}
                  w="auto"
                  fit="contain"
                  radius="sm"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove screenshot ${index + 1}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Stack>
            ))}
          </Group>
        )}
        {value.length < max && (
          <Group align="flex-end" gap="xs">
            <div style={{ flex: 1 }}>
              <ImageField label="Next screenshot" value={next} onChange={setNext} />
            </div>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!next}
              onClick={() => {
                if (!next) return
                onChange([...value, next])
                setNext(null)
              }}
            >
              Add screenshot
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
