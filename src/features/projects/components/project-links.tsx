import { Button } from '@mantine/core'
import {
  IconBrandApple,
  IconBrandGithub,
  IconBrandGooglePlay,
  IconExternalLink,
  IconLayoutDashboard,
  IconPlayerPlay,
  IconWorld,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { linkTypeLabels, type KnownLinkType, type ProjectLink } from '@/contract/projects'

export const linkIcons: Record<KnownLinkType, ReactNode> = {
  play_store: <IconBrandGooglePlay size={18} aria-hidden />,
  app_store: <IconBrandApple size={18} aria-hidden />,
  website: <IconWorld size={18} aria-hidden />,
  github: <IconBrandGithub size={18} aria-hidden />,
  demo: <IconPlayerPlay size={18} aria-hidden />,
  admin_panel: <IconLayoutDashboard size={18} aria-hidden />,
}

const isKnownType = (type: string): type is KnownLinkType => type in linkTypeLabels

export function linkIcon(link: ProjectLink) {
  return isKnownType(link.link_type) ? linkIcons[link.link_type] : <IconExternalLink size={18} aria-hidden />
}

/** The button text of a link: the spec's label for known types, else the link's own title. */
export function linkLabel(link: ProjectLink) {
  return link.title || (isKnownType(link.link_type) ? linkTypeLabels[link.link_type] : link.link_type)
}

/** A link button of the hero; store and website links are the filled ones. */
export function HeroLink({
  href,
  icon,
  primary,
  children,
}: {
  href: string
  icon: ReactNode
  primary?: boolean
  children: ReactNode
}) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant={primary ? 'filled' : 'default'}
      leftSection={icon}
    >
      {children}
    </Button>
  )
}
