import { portalMessages, type PortalProjectLink } from '@/contract/portal'

/** How the portal reads a client's project: its duration, progress, website and access level. */

const DAY_MS = 24 * 60 * 60 * 1000

/** Spec 001 §2: the duration is the ceiling of the days between start and end; null without both. */
export function durationDays(start: string | null, end: string | null): number | null {
  if (!start || !end) return null
  const from = Date.parse(start)
  const to = Date.parse(end)
  if (Number.isNaN(from) || Number.isNaN(to)) return null
  return Math.ceil((to - from) / DAY_MS)
}

/** Completed milestones are those with status paid. */
export function completedMilestones(milestones: readonly { status: string }[]): number {
  return milestones.filter((m) => m.status === 'paid').length
}

/** The quick-action website: the first link of type website, else none. */
export function websiteLink(links: readonly PortalProjectLink[]): PortalProjectLink | null {
  return links.find((l) => l.link_type === 'website') ?? null
}

/** 'admin' → 'Admin'; a missing level reads 'View'. */
export function accessLevelLabel(level: string | null | undefined): string {
  const value = level?.trim()
  if (!value) return portalMessages.accessLevelFallback
  return value.charAt(0).toUpperCase() + value.slice(1)
}
