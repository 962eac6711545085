/** Chromium's install offer (`beforeinstallprompt`); other browsers never send it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offer: InstallPromptEvent | null = null
const listeners = new Set<() => void>()

function setOffer(next: InstallPromptEvent | null) {
  offer = next
  for (const listener of listeners) listener()
}

/**
 * Keeps the browser's install offer from the start of the page (it may come before any portal screen
 * has loaded), so the portal can offer installation with its own button.
 */
export function captureInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    setOffer(event as InstallPromptEvent)
  })
  target.addEventListener('appinstalled', () => setOffer(null))
}

export const installPrompt = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  current: (): InstallPromptEvent | null => offer,
  /** Shows the browser's install dialog; an offer can be used once. */
  async install(): Promise<boolean> {
    const event = offer
    if (!event) return false
    setOffer(null)
    await event.prompt()
    return (await event.userChoice).outcome === 'accepted'
  },
}
