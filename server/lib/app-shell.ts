import type { FastifyBaseLogger } from 'fastify'
import { fallbackPageMeta, staticPageMeta, type PageMeta } from '@/contract/page-meta'
import { site } from '@/contract/site'

export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null> | PageMeta | null

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function resolveMeta(
  pathname: string,
  resolvers: PageMetaResolver[],
  log: FastifyBaseLogger,
): Promise<PageMeta> {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
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
): Promise<string> {
  const meta = await resolveMeta(pathname, resolvers, log)
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
  ]
    .filter(Boolean)
    .join('\n    ')
  return template.replace(/<title>[\s\S]*?<\/title>/, '').replace('<!--app-head-->', tags)
}
