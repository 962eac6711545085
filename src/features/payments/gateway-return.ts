import type { ReturnTarget } from '@/contract/payments'
import { platform } from '@/platform/current'

/** Where the gateway sends the user back: the desktop app's cypher:// link, or the web result pages. */
export function returnTarget(): ReturnTarget {
  return platform.kind === 'desktop' ? 'desktop' : 'web'
}

/** A gateway URL made absolute (the sandbox answers paths on our own server). */
export function absoluteUrl(url: string): string {
  return new URL(url, platform.apiBaseUrl || window.location.origin).toString()
}

/**
 * Sends the user to a gateway page. The web leaves for it in this tab (it returns to the result pages);
 * the desktop app opens the system browser and says so, the caller then polls the order (or card list).
 */
export async function openGatewayPage(url: string): Promise<'left' | 'opened-outside'> {
  const target = absoluteUrl(url)
  if (platform.kind === 'desktop') {
    await platform.openExternal(target)
    return 'opened-outside'
  }
  window.location.assign(target)
  return 'left'
}

/**
 * Opens a gateway page beside the app (spec 001 §4, the create-app wizard's Paymob/Fawry flow): a new
 * tab on the web, the system browser in the desktop app. The app itself stays where it is.
 */
export async function openGatewayBeside(url: string): Promise<void> {
  await platform.openExternal(absoluteUrl(url))
}
