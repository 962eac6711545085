/// <reference types="vite/client" />

declare const __BUILD_ID__: string

interface ImportMetaEnv {
  /** Where the API lives when the renderer is not served by it (the desktop app); empty for same-origin. */
  readonly VITE_API_URL?: string
}

interface Window {
  /** The last button pressed on a page before the app took it over (server/lib/app-shell.ts), pressed
   * again then (src/app/start.tsx). */
  __cypherEarlyClick?: HTMLElement
  /** Whether a pointer (mouse, pen, touch) made that press, not a key (server/lib/app-shell.ts). */
  __cypherEarlyPointer?: boolean
  /** A form awaiting the app submitted before React adopted it: the button that submitted it, or the
   * form (server/lib/app-shell.ts); submitted again once React has it (src/app/early-input.ts). */
  __cypherEarlySubmit?: HTMLElement | undefined
  /** Set when React takes the page over (adopting prerendered HTML or rendering an empty page): from
   * then on React handles presses itself. */
  __cypherHydrating?: boolean
}

declare module 'virtual:common-passwords' {
  /** The refused common passwords, lower case, one per line (see vite.config.ts). */
  const list: string
  export default list
}
