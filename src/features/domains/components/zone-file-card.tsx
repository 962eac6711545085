import { Button, Card, FileButton, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconDownload, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { MAX_ZONE_BYTES, zoneMessages, type DnsChangePreview } from '@/contract/dns-zone'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { downloadZone } from '../api/download-zone'
import { useImportZone } from '../api/import-zone'
import { DnsChangePreviewList, previewChanges } from './dns-change-preview'

const message = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

/** Download the zone as a BIND file; import one (pasted or uploaded) after a preview of what it changes. */
export function ZoneFileCard({
  domainId,
  domainName,
  online,
}: {
  domainId: number
  domainName: string
  online: boolean
}) {
  const importer = useImportZone(domainId)
  const [zone, setZone] = useState('')
  const [preview, setPreview] = useState<DnsChangePreview | null>(null)
  const [downloading, setDownloading] = useState(false)

  const download = async () => {
    setDownloading(true)
    try {
      await downloadZone(domainId, domainName)
    } catch (error) {
      toast.error(
        message(error instanceof Error ? error : new Error(String(error)), zoneMessages.downloadFailed),
      )
    } finally {
      setDownloading(false)
    }
  }

  const upload = async (file: File | null) => {
    if (!file) return
    if (file.size > MAX_ZONE_BYTES) {
      toast.error(zoneMessages.tooLarge)
      return
    }
    setZone(await file.text())
    setPreview(null)
  }

  const check = () => {
    if (!zone.trim()) {
      toast.error(zoneMessages.empty)
      return
    }
    importer.mutate(
      { zone, dry_run: true },
      {
        onSuccess: setPreview,
        onError: (error) => toast.error(message(error, zoneMessages.importFailed)),
      },
    )
  }

  const apply = () => {
    if (!preview) return
    importer.mutate(
      { zone, dry_run: false, base_version: preview.version },
      {
        onSuccess: (answer) => {
          toast.success(answer.applied ? zoneMessages.imported : zoneMessages.nothingToChange)
          setPreview(null)
          setZone('')
        },
        onError: (error) => {
          toast.error(message(error, zoneMessages.importFailed))
          // The records may have moved on: show the preview again against them.
          setPreview(null)
        },
      },
    )
  }

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            Zone file
          </Title>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download()}
          >
            Download zone file
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Moving from another DNS host? Paste its zone file or upload it (up to 1 MB and 1,000 records). The
          preview shows what would change; nothing is applied until you confirm, and then all of it or none.
        </Text>
        <Textarea
          label="Zone file to import"
          placeholder={'$ORIGIN example.com.\n@ 3600 IN A 192.0.2.10'}
          autosize
          minRows={4}
          maxRows={14}
          value={zone}
          onChange={(e) => {
            setZone(e.currentTarget.value)
            setPreview(null)
          }}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group gap="sm">
          <FileButton onChange={(file) => void upload(file)} accept=".zone,.txt,.db,text/plain,text/dns">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                Upload a zone file
              </Button>
            )}
          </FileButton>
          <Button variant="light" onClick={check} loading={importer.isPending && !preview} disabled={!online}>
            Preview import
          </Button>
        </Group>
        {preview && (
          <Stack gap="sm">
            <DnsChangePreviewList preview={preview} testId="import-preview" />
            {!preview.valid && <Text c="red">{zoneMessages.hasProblems}</Text>}
            <Button
              w="fit-content"
              onClick={apply}
              loading={importer.isPending}
              disabled={!online || !preview.valid || previewChanges(preview) === 0}
            >
              Apply import
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
