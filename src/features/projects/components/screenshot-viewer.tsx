import { ActionIcon, Box, Group, Modal, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core'
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ProjectImage } from '@/contract/projects'
import { apiFileUrl } from '@/lib/api-url'
import { shownImage } from '@/lib/shown-image'
import classes from './screenshot-viewer.module.css'

/** The index before or after `index`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count
}

function fileName(url: string, fallback: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop()
  return last || fallback
}

interface ScreenshotViewerProps {
  images: ProjectImage[]
  projectName: string
  /** The screenshot shown, or null when the viewer is closed. */
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
}

/**
 * Full-screen screenshot viewer (spec 000 §2): previous/next wrapping around, zoom, download, close and
 * thumbnails; ←/→ navigate, Z zooms, Esc closes, a click on the backdrop closes. Focus stays inside
 * while it is open and returns to the thumbnail that opened it.
 */
export function ScreenshotViewer({
  images,
  projectName,
  index,
  onIndexChange,
  onClose,
}: ScreenshotViewerProps) {
  const opened = index !== null && images.length > 0
  const current = opened ? Math.min(index, images.length - 1) : 0
  const image = images[current]
  const [zoomed, setZoomed] = useState(false)

  const go = (step: number) => {
    setZoomed(false)
    onIndexChange(wrapIndex(current, step, images.length))
  }
  const show = (target: number) => {
    setZoomed(false)
    onIndexChange(target)
  }

  useEffect(() => {
    if (!opened) return
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      if (event.key === 'ArrowRight') {
        event.preventDefault()
        setZoomed(false)
        onIndexChange(wrapIndex(current, 1, images.length))
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault()
        setZoomed(false)
        onIndexChange(wrapIndex(current, -1, images.length))
      } else if (event.key === 'z' || event.key === 'Z') {
        event.preventDefault()
        setZoomed((value) => !value)
      } else if (event.key === 'Escape') {
        event.preventDefault()
        onClose()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [opened, current, images.length, onIndexChange, onClose])

  const close = () => {
    setZoomed(false)
    onClose()
  }

  const title = `${projectName}: screenshot ${current + 1} of ${images.length}`
  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen
      // Our own key handler closes on Esc, so Mantine's would close twice.
      closeOnEscape={false}
      withCloseButton={false}
      padding={0}
      title={title}
      classNames={{ content: classes.content, body: classes.body, header: classes.header }}
      transitionProps={{ transition: 'fade', duration: 150 }}
      returnFocus
      trapFocus
    >
      {image && (
        <Box className={classes.viewer} data-testid="screenshot-viewer" data-zoomed={zoomed || undefined}>
          <Group className={classes.toolbar} justify="space-between" wrap="nowrap" px="md" py="xs">
            <Text size="sm" c="dark.0" aria-live="polite" data-testid="viewer-position">
              {current + 1} / {images.length}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={zoomed ? 'Zoom out (Z)' : 'Zoom in (Z)'}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={() => setZoomed((value) => !value)}
                  aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
                  aria-pressed={zoomed}
                >
                  {zoomed ? <IconZoomOut size={18} aria-hidden /> : <IconZoomIn size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Download">
                <ActionIcon
                  component="a"
                  href={image.image}
                  download={fileName(image.image, `screenshot-${current + 1}`)}
                  variant="default"
                  size="lg"
                  aria-label="Download screenshot"
                >
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Close (Esc)">
                <ActionIcon
                  variant="default"
                  size="lg"
                  onClick={close}
                  aria-label="Close viewer"
                  data-autofocus
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>

          <Box
            className={classes.stage}
            data-testid="viewer-backdrop"
            // Only a click on the dark area closes; clicks on the picture or the buttons do not.
            onClick={(event) => {
              if (event.target === event.currentTarget) close()
            }}
          >
            <ActionIcon
              className={classes.previous}
              variant="filled"
              color="dark"
              size={48}
              radius="xl"
              onClick={() => go(-1)}
              aria-label="Previous screenshot"
              disabled={images.length < 2}
            >
              <IconChevronLeft size={26} aria-hidden />
            </ActionIcon>
            <Box
              className={classes.frame}
              onClick={(event) => event.target === event.currentTarget && close()}
            >
              <img
                key={image.id}
                src={apiFileUrl(shownImage(image.image))}
                alt={`${projectName} screenshot ${current + 1}`}
                className={classes.image}
                data-zoomed={zoomed || undefined}
                onClick={() => setZoomed((value) => !value)}
              />
            </Box>
            <ActionIcon
              className={classes.next}
              variant="filled"
              color="dark"
              size={48}
              radius="xl"
              onClick={() => go(1)}
              aria-label="Next screenshot"
              disabled={images.length < 2}
            >
              <IconChevronRight size={26} aria-hidden />
            </ActionIcon>
          </Box>

          <ScrollArea type="auto" className={classes.thumbnails}>
            <Group
              gap="xs"
              wrap="nowrap"
              w="max-content"
              mx="auto"
              p="sm"
              role="group"
              aria-label="Screenshots"
            >
              {images.map((thumbnail, position) => (
                <UnstyledButton
                  key={thumbnail.id}
                  className={classes.thumbnail}
                  data-active={position === current || undefined}
                  aria-current={position === current ? 'true' : undefined}
                  aria-label={`Show screenshot ${position + 1}`}
                  onClick={() => show(position)}
                >
                  <img
                    src={apiFileUrl(shownImage(thumbnail.image))}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </UnstyledButton>
              ))}
            </Group>
          </ScrollArea>
        </Box>
      )}
    </Modal>
  )
}
