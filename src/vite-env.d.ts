/// <reference types="vite/client" />

declare const __BUILD_ID__: string

interface ImportMetaEnv {
  /** Where the API lives when the renderer is not served by it (the desktop app); empty for same-origin. */
  readonly VITE_API_URL?: string
}
