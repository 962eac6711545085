/**
 * The element that carries a server-rendered page's data (its dehydrated query cache, JSON) beside
 * #root: written by the server (server/lib/app-shell.ts), read by the renderer before it hydrates
 * (src/app/start.tsx).
 */
export const PAGE_DATA_ELEMENT_ID = 'cypher-page-data'

/**
 * Marks a prerendered form until React has adopted it (awaitingApp in src/components/use-hydrated.ts):
 * its fields work at once, the page's head script holds a submission (server/lib/app-shell.ts), and
 * what the fields hold is handed to React when the mark goes (src/app/early-input.ts).
 */
export const AWAITING_APP_ATTRIBUTE = 'data-awaiting-app'

/**
 * The element that lists, as JSON, the scripts of the page's routes (dist/route-assets.json): written by
 * the server in the head (server/lib/app-shell.ts), read by the entry when it starts the app
 * (src/main.tsx), which asks for them at once instead of after the app has evaluated.
 */
export const ROUTE_SCRIPTS_ELEMENT_ID = 'cypher-route-scripts'
