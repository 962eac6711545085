/** IPC channel names shared by the main process and the (sandboxed, import-free) preload script. */
export const CHANNELS = {
  signIn: 'session:sign-in',
  refreshSession: 'session:refresh',
  signOut: 'session:sign-out',
  openExternal: 'shell:open-external',
  deepLink: 'deep-link',
  ticketReply: 'notify:ticket-reply',
  /** Main → renderer: an update is downloaded and waits for a restart. */
  updateReady: 'update:ready',
  /** Renderer → main: the user chose "Restart to update". */
  restartToUpdate: 'update:restart',
  /** Renderer → main: which downloaded version waits, if any (a window that loads after the news). */
  updateWaiting: 'update:waiting',
} as const
