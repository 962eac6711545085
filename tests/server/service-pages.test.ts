import { describe, expect, it } from 'vitest'
import { SERVICE_SLUGS } from '../../src/contract/services'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

async function metaFor(pathname: string) {
  for (const resolve of app.seo.resolvers) {
    const meta = await resolve(pathname)
    if (meta) return meta
  }
  return null
}

describe('service pages', () => {
  it('describe each service page for search engines and link previews', async () => {
    expect(await metaFor('/services/sms-otp')).toEqual({
      title: 'SMS OTP | Cypher',
      description:
        'One-time passcodes by SMS for sign-in and payment confirmation. From 300 EGP/month, 2-4 weeks.',
    })
    expect((await metaFor('/services/cybersecurity'))?.title).toBe('Cybersecurity | Cypher')
  })

  it('leave unknown slugs to the fallback', async () => {
    expect(await metaFor('/services/blockchain')).toBeNull()
  })

  it('list all twelve service pages in the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(response.statusCode).toBe(200)
    for (const slug of SERVICE_SLUGS) expect(response.body).toContain(`/services/${slug}</loc>`)
  })
})
