import fp from 'fastify-plugin'
import { staticPageMeta } from '@/contract/page-meta'
import type { PageMetaResolver } from '../lib/app-shell'

export interface SitemapEntry {
  path: string
  lastModified?: Date
}
export type SitemapSource = () => Promise<SitemapEntry[]>

declare module 'fastify' {
  interface FastifyInstance {
    seo: { resolvers: PageMetaResolver[]; sitemapSources: SitemapSource[] }
    /** Describes a module's public pages (title, description, Open Graph) for the app shell. */
    addPageMeta: (resolver: PageMetaResolver) => void
    /** Adds a module's public pages (projects, posts, jobs) to /sitemap.xml. */
    addSitemapSource: (source: SitemapSource) => void
  }
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Page metadata registry, /sitemap.xml and /robots.txt. */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const seo = { resolvers: [] as PageMetaResolver[], sitemapSources: [] as SitemapSource[] }
    app.decorate('seo', seo)
    app.decorate('addPageMeta', (resolver: PageMetaResolver) => void seo.resolvers.push(resolver))
    app.decorate('addSitemapSource', (source: SitemapSource) => void seo.sitemapSources.push(source))

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const entries: SitemapEntry[] = Object.entries(staticPageMeta)
        .filter(([, meta]) => !meta.noindex)
        .map(([path]) => ({ path }))
      for (const source of seo.sitemapSources) {
        try {
          entries.push(...(await source()))
        } catch (error) {
          request.log.warn({ err: error }, 'sitemap source failed')
        }
      }
      const urls = entries
        .map((e) => {
          const lastmod = e.lastModified
            ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>`
            : ''
          return `  <url><loc>${escapeXml(publicUrl + e.path)}</loc>${lastmod}</url>`
        })
        .join('\n')
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
        )
    })

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      const disallow = [
        '/api/',
        '/dashboard',
        '/project/',
        '/wallet',
        '/create-app',
        '/manage-msg/',
        '/domain/',
        '/sandbox/',
        '/dev/',
      ]
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(
          `User-agent: *\nAllow: /\n${disallow.map((d) => `Disallow: ${d}`).join('\n')}\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
        )
    })
  },
  { name: 'seo' },
)
