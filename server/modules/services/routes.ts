import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findService, services } from '@/contract/services'
import { site } from '@/contract/site'

/** The service catalogue is static: its pages get their title and description here, and a sitemap entry. */
export const servicePagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => {
    const match = /^\/services\/([a-z0-9-]+)$/.exec(pathname)
    const service = match?.[1] ? findService(match[1]) : undefined
    if (!service) return null
    return {
      title: `${service.title} | ${site.name}`,
      description: `${service.subtitle}. ${service.pricing}, ${service.timeline}.`,
    }
  })
  app.addSitemapSource(async () => services.map((s) => ({ path: `/services/${s.slug}` })))
}
