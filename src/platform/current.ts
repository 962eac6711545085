import { createElectronPlatform } from './electron'
import type { Platform } from './platform'
import { createWebPlatform } from './web'

/** The platform this renderer runs on, chosen once at start by the bridge the desktop preload exposes. */
export const platform: Platform =
  typeof window !== 'undefined' && window.cypherDesktop
    ? createElectronPlatform(window.cypherDesktop)
    : createWebPlatform()
