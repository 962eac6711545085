/** IPC channel names shared by the main process and the (sandboxed, import-free) preload script. */
export const CHANNELS = {
  signIn: 'session:sign-in',
  refreshSession: 'session:refresh',
  signOut: 'session:sign-out',
  openExternal: 'shell:open-external',
  deepLink: 'deep-link',
  ticketReply: 'notify:ticket-reply',
} as const
