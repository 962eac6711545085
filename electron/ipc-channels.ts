/** IPC channel names shared by the main process and the (sandboxed, import-free) preload script. */
export const CHANNELS = {
  getRefreshToken: 'secure-store:get',
  setRefreshToken: 'secure-store:set',
  clearRefreshToken: 'secure-store:clear',
  openExternal: 'shell:open-external',
  deepLink: 'deep-link',
} as const
