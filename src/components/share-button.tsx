import { Button, type ButtonProps } from '@mantine/core'
import { IconShare } from '@tabler/icons-react'
import { toast } from '@/components/toast'

export const LINK_COPIED = 'Link copied to clipboard!'
export const COPY_FAILED = 'Could not copy the link. Please copy it from the address bar.'

/**
 * Shares the page with the system share sheet (Web Share API) where the browser has one, and copies
 * the link otherwise.
 */
export async function sharePage(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url })
      return
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    toast.success(LINK_COPIED, 3000)
  } catch {
    toast.error(COPY_FAILED, 3000)
  }
}

/** Shares `url`, or the page's own address when none is given. */
export function ShareButton({ title, url, ...props }: { title: string; url?: string } & ButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconShare size={16} aria-hidden />}
      onClick={() => void sharePage(title, url ?? window.location.href)}
      {...props}
    >
      Share
    </Button>
  )
}
