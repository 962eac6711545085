import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { newsletterRequestSchema, newsletterResponseSchema } from '@/contract/newsletter'
import { site } from '@/contract/site'
import { escapeHtml } from '../../lib/app-shell'
import { errorBodySchema } from '@/contract/common'
import { limits } from '../../plugins/rate-limit'
import * as newsletter from './service'

const tokenParams = z.object({ token: z.string().check(z.regex(/^[\w-]{16,64}$/, 'Not a newsletter link.')) })

/** What a link page says: its heading, its text and, on a page that asks for a click, its form. */
type PageText = [heading: string, text: string, form?: string]

/** The small pages the e-mail's links open: plain HTML from the server, no script, a way back. */
function page(reply: FastifyReply, status: number, ...[heading, text, form = '']: PageText) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)} | ${escapeHtml(site.name)}</title></head>` +
        `<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${form}<p><a href="/blog">Back to the ${escapeHtml(site.name)} blog</a></p></main></body></html>`,
    )
}

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: newsletter.NewsletterDeps['log']) => ({
    db: app.db,
    mailer: app.mailer,
    log,
    publicUrl: app.config.publicUrl,
  })
  // Mail clients send the one-click unsubscribe as a form post (RFC 8058): its body says nothing we need.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  )

  /**
   * A page an e-mail's link opens: `open` does what the link asks and says whether its token is a live one;
   * the `found` page answers then, else the 404 page "Link not valid" with the `missing` text.
   */
  function linkPageRoute(
    method: 'GET' | 'POST',
    url: string,
    route: { summary: string; open: (token: string) => Promise<boolean>; found: PageText; missing: string },
  ) {
    app.route({
      method,
      url,
      schema: { tags: ['newsletter'], summary: route.summary, params: tokenParams },
      config: { rateLimit: limits.lookup },
      handler: async (request, reply) =>
        (await route.open(request.params.token))
          ? page(reply, 200, ...route.found)
          : page(reply, 404, 'Link not valid', route.missing),
    })
  }

  linkPageRoute('GET', '/api/public/newsletter/confirm/:token/', {
    summary: 'Confirm a subscription from the e-mailed link (double opt-in); answers an HTML page',
    open: (token) => newsletter.confirm(app, token),
    found: ['Subscription confirmed', `Thank you: you will receive the ${site.name} newsletter.`],
    missing: 'This confirmation link is not valid. Subscribe again from the blog.',
  })

  linkPageRoute('GET', '/api/public/newsletter/unsubscribe/:token/', {
    summary: 'The unsubscribe link of a newsletter e-mail: a page with one button (a GET changes nothing)',
    open: (token) => newsletter.isSubscriptionToken(app, token),
    found: [
      'Unsubscribe',
      `Stop receiving the ${site.name} newsletter at this address?`,
      `<form method="post"><button type="submit">Unsubscribe</button></form>`,
    ],
    missing: 'This unsubscribe link is not valid.',
  })

  linkPageRoute('POST', '/api/public/newsletter/unsubscribe/:token/', {
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post, or the page’s button)',
    open: (token) => newsletter.unsubscribeByToken(app, token),
    found: ['Unsubscribed', `You will no longer receive the ${site.name} newsletter.`],
    missing: 'This unsubscribe link is not valid.',
  })

  app.post(
    '/api/public/newsletter/subscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address (idempotent)',
        description:
          '201 for a new subscription (a confirmation e-mail is sent), 200 when already subscribed.',
        body: newsletterRequestSchema,
        response: {
          200: newsletterResponseSchema,
          201: newsletterResponseSchema,
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: { rateLimit: limits.publicForm },
    },
    async (request, reply) => {
      const { created, body } = await newsletter.subscribe(deps(request.log), request.body.email)
      return reply.status(created ? 201 : 200).send(body)
    },
  )

  app.post(
    '/api/public/newsletter/unsubscribe/',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe an e-mail address (idempotent)',
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: limits.publicForm },
    },
    async (request) => newsletter.unsubscribe(deps(request.log), request.body.email),
  )
}
