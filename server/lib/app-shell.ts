import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { fallbackPageMeta, staticPageMeta, type PageMeta } from '@/contract/page-meta'
import {
  AWAITING_APP_ATTRIBUTE,
  EARLY_PRESS_ATTRIBUTE,
  PAGE_DATA_ELEMENT_ID,
  ROUTE_SCRIPTS_ELEMENT_ID,
  SPLASH_SEEN_ATTRIBUTE,
  SPLASH_SHOWN_KEY,
  SUBMIT_HELD_ATTRIBUTE,
} from '@/contract/page-data'
import { site } from '@/contract/site'
import type { RenderedPage } from './page-renderer'

/**
 * Runs in the head of prerendered pages, before the first paint:
 * - the page contains the splash, which must stay hidden when it was already shown in this browser
 *   session (the renderer sets the flag);
 * - a button pressed before the scripts have arrived is remembered (the last one only), and pressed
 *   again once React has taken the page over (src/app/start.tsx), so an early tap on the assistant is
 *   not lost. Whether a pointer pressed it (a click's detail counts presses, 0 from a key) is kept
 *   too: the app then replays the whole press, as some controls answer the press, not its click (the
 *   show/hide password toggle acts on mousedown). Until then it shows that it was pressed
 *   (EARLY_PRESS_ATTRIBUTE, styled in src/app/global.css). Links need nothing: they work without
 *   scripts, as plain links to the prerendered page. Neither do buttons the browser answers itself (a
 *   popover's, such as the phone menu's): pressing them again would undo what the browser did;
 * - a form submitted before React has adopted it (it carries AWAITING_APP_ATTRIBUTE: sign-in,
 *   registration, a list's search box) is not sent by the browser, which would reload the page and
 *   lose what was typed: the submission is held, the form shows it is working (SUBMIT_HELD_ATTRIBUTE),
 *   and it is made again once React has the form (src/app/early-input.ts). Its button is then not
 *   pressed again as an early click.
 */
export const PRERENDER_HEAD_SCRIPT =
  `try{if(sessionStorage.getItem('${SPLASH_SHOWN_KEY}'))document.documentElement.setAttribute('${SPLASH_SEEN_ATTRIBUTE}','')}catch(e){}` +
  `addEventListener('click',function(e){var w=window,b=e.target instanceof Element&&e.target.closest('button'),o=w.__cypherEarlyClick;if(b&&!w.__cypherHydrating&&!b.hasAttribute('popovertarget')){if(o)o.removeAttribute('${EARLY_PRESS_ATTRIBUTE}');w.__cypherEarlyClick=b;w.__cypherEarlyPointer=e.detail>0;b.setAttribute('${EARLY_PRESS_ATTRIBUTE}','')}},true);` +
  `addEventListener('submit',function(e){var f=e.target,w=window;if(f instanceof HTMLFormElement&&f.hasAttribute('${AWAITING_APP_ATTRIBUTE}')){e.preventDefault();e.stopImmediatePropagation();w.__cypherEarlySubmit=e.submitter||f;document.documentElement.setAttribute('${SUBMIT_HELD_ATTRIBUTE}','');if(e.submitter&&w.__cypherEarlyClick===e.submitter){e.submitter.removeAttribute('${EARLY_PRESS_ATTRIBUTE}');w.__cypherEarlyClick=void 0}}},true)`
/** The CSP allows exactly this inline script and no other. */
export const PRERENDER_HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PRERENDER_HEAD_SCRIPT).digest('base64')}'`

/** '/about/' and '/about' are one page; '/' stays '/'. */
const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname

/**
 * Stylesheets a page needs beyond index.html's own (dist/route-assets.json, written by the prerender
 * step from Vite's manifest; see src/prerender-assets.ts).
 */
export type RouteAssets = { css: string[]; js?: string[] }

/**
 * Finds the assets of the page a path shows: an exact pattern first ('/services'), else the pattern
 * with '$param' segments that matches with the most fixed segments ('/services/$slug').
 */
export function createRouteAssetLookup(pages: Record<string, RouteAssets>) {
  const dynamic = Object.keys(pages)
    .filter((pattern) => pattern.includes('$'))
    .map((pattern) => {
      const segments = pattern.split('/').slice(1)
      return { pattern, segments, fixed: segments.filter((segment) => !segment.startsWith('$')).length }
    })
    .sort((a, b) => b.fixed - a.fixed)
  return (pathname: string): RouteAssets | null => {
    const path = withoutTrailingSlash(pathname)
    const exact = pages[path]
    if (exact) return exact
    const parts = path.split('/').slice(1)
    const match = dynamic.find(
      ({ segments }) =>
        segments.length === parts.length &&
        segments.every((segment, i) => (segment.startsWith('$') ? parts[i] !== '' : segment === parts[i])),
    )
    return match ? (pages[match.pattern] ?? null) : null
  }
}

// Scripts go as data, not as modulepreload links: those competed with the stylesheets for the first
// paint. The entry asks for them when it starts the app.
const assetTags = (assets: RouteAssets | null) =>
  (assets?.css ?? [])
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
    .join('') +
  (assets?.js?.length
    ? `<script type="application/json" id="${ROUTE_SCRIPTS_ELEMENT_ID}">${JSON.stringify(assets.js).replace(/</g, '\\u003c')}</script>`
    : '')

export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null> | PageMeta | null

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function resolveMeta(
  pathname: string,
  resolvers: PageMetaResolver[],
  log: FastifyBaseLogger,
): Promise<PageMeta> {
  const normalised = withoutTrailingSlash(pathname)
  const known = staticPageMeta[normalised]
  if (known) return known
  for (const resolver of resolvers) {
    try {
      const meta = await resolver(normalised)
      if (meta) return meta
    } catch (error) {
      // A failing lookup must not stop the page from loading; the renderer still works.
      log.warn({ err: error, pathname }, 'page meta lookup failed')
    }
  }
  return fallbackPageMeta
}

/** Puts the page's title, description, canonical URL and Open Graph tags into index.html. */
export async function renderAppShell(
  template: string,
  pathname: string,
  publicUrl: string,
  resolvers: PageMetaResolver[],
  log: FastifyBaseLogger,
  prerendered: Record<string, string> = {},
  assets: RouteAssets | null = null,
  rendered: RenderedPage | null = null,
): Promise<string> {
  const meta = await resolveMeta(pathname, resolvers, log)
  const path = withoutTrailingSlash(pathname)
  const body = rendered?.html ?? prerendered[path]
  const canonical = `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`
  const image = meta.image
    ? meta.image.startsWith('http')
      ? meta.image
      : `${publicUrl}${meta.image}`
    : `${publicUrl}/og-image.png`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    meta.noindex ? `<meta name="robots" content="noindex" />` : '',
    body ? `<script>${PRERENDER_HEAD_SCRIPT}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ')
  // The page's own stylesheets go last in the head, after the entry's, where the renderer would have
  // added them itself (and finds them, so it does not add them twice).
  // Function replacers: a string replacement would expand `$\``, `$'` and `$&` in a title or a page.
  const html = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace('<!--app-head-->', () => tags)
    .replace('</head>', () => `${assetTags(assets)}</head>`)
  if (!body) return html
  // A page rendered with its data carries that data for the browser's query cache (src/app/start.tsx),
  // beside #root: the entry reads #root's children as the page.
  const data = rendered
    ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${rendered.data}</script>`
    : ''
  return html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${data}`)
}
