import { Anchor, type AnchorProps } from '@mantine/core'
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'

/**
 * Click handler for an anchor whose target path is data (menus, content) rather than a typed route:
 * a plain left click navigates client-side, modified clicks keep the browser's behaviour.
 */
export function useAppNavigation() {
  const router = useRouter()
  return (href: string, onNavigate?: () => void) => (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return
    }
    event.preventDefault()
    onNavigate?.()
    void router.navigate({ href })
  }
}

interface AppLinkProps extends AnchorProps {
  href: string
  children: ReactNode
  onNavigate?: () => void
  'aria-current'?: 'page' | undefined
}

/** A text link to an app path held as data. */
export function AppLink({ href, children, onNavigate, ...props }: AppLinkProps) {
  const navigation = useAppNavigation()
  return (
    <Anchor href={href} onClick={navigation(href, onNavigate)} {...props}>
      {children}
    </Anchor>
  )
}
