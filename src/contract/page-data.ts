/**
 * The element that carries a server-rendered page's data (its dehydrated query cache, JSON) beside
 * #root: written by the server (server/lib/app-shell.ts), read by the renderer before it hydrates
 * (src/app/start.tsx).
 */
export const PAGE_DATA_ELEMENT_ID = 'cypher-page-data'

/**
 * Session storage key set once the 2 s splash has been shown in this browser session (spec 000: it
 * plays once): set by the renderer (src/main.tsx, src/components/layout/splash-screen.tsx), read by the
 * page's head script (server/lib/app-shell.ts), which then sets SPLASH_SEEN_ATTRIBUTE on the root
 * element so the prerendered splash stays hidden (src/app/global.css).
 */
export const SPLASH_SHOWN_KEY = 'cypher-splash-shown'
export const SPLASH_SEEN_ATTRIBUTE = 'data-splash-seen'

/**
 * Marks a prerendered form until React has adopted it (awaitingApp in src/components/use-hydrated.ts):
 * its fields work at once, the page's head script holds a submission (server/lib/app-shell.ts), and
 * what the fields hold is handed to React when the mark goes (src/app/early-input.ts).
 */
export const AWAITING_APP_ATTRIBUTE = 'data-awaiting-app'

/**
 * Marks a button pressed before the app had started: the page's head script remembers it and the app
 * presses it again once it has adopted the page (src/app/start.tsx). Meanwhile the button shows it was
 * pressed (src/app/global.css).
 */
export const EARLY_PRESS_ATTRIBUTE = 'data-early-press'

/**
 * Set on the page's root element (outside what React adopts) when a form was submitted before React
 * had adopted it: the submission is held and made again then (src/app/early-input.ts). Meanwhile the
 * waiting form's submit button shows it is working (src/app/global.css).
 */
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held'

/**
 * The element that lists, as JSON, the scripts of the page's routes (dist/route-assets.json): written by
 * the server in the head (server/lib/app-shell.ts), read by the entry when it starts the app
 * (src/main.tsx), which asks for them at once instead of after the app has evaluated.
 */
export const ROUTE_SCRIPTS_ELEMENT_ID = 'cypher-route-scripts'
