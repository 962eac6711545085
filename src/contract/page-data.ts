/**
 * The element that carries a server-rendered page's data (its dehydrated query cache, JSON) beside
 * #root: written by the server (server/lib/app-shell.ts), read by the renderer before it hydrates
 * (src/app/start.tsx).
 */
export const PAGE_DATA_ELEMENT_ID = 'cypher-page-data'
