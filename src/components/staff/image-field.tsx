import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { CONTENT_IMAGE_RULES, staffContentMessages } from '@/contract/content-staff'
import { toast } from '@/components/toast'
import { apiFileUrl } from '@/lib/api-url'
import { useUploadContentImage } from './api/upload-image'

const ACCEPT = 'image/png,image/jpeg,image/gif'

/** An image path on this site: typed, or filled by uploading a file into storage. */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string | null
  onChange: (value: string | null) => void
  error?: string | undefined
}) {
  const upload = useUploadContentImage()
  const [uploadError, setUploadError] = useState<string | null>(null)
  async function choose(file: File | null) {
    if (!file) return
    setUploadError(null)
    if (file.size > CONTENT_IMAGE_RULES.maxBytes) {
      setUploadError(staffContentMessages.imageTooLarge)
      return
    }
    try {
      const image = await upload.mutateAsync(file)
      onChange(image.url)
      toast.success(staffContentMessages.imageUploaded, 3000)
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : staffContentMessages.imageBadType)
    }
  }
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          description="A path on this site, e.g. /images/blog/cover.svg, or upload a JPEG, PNG or GIF (5 MB)"
          value={value ?? ''}
          onChange={(e) => onChange(e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          error={uploadError ?? error}
          style={{ flex: 1 }}
        />
        <FileButton onChange={(file) => void choose(file)} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
            >
              Upload image
            </Button>
          )}
        </FileButton>
      </Group>
      {value?.startsWith('/') && (
        <Image src={apiFileUrl(value)} alt={`${label} preview`} h={120} w="auto" fit="contain" radius="sm" />
      )}
    </Stack>
  )
}
