import { describe, expect, it } from 'vitest'
import { DEV_API_PORT, DEV_WEB_URL, devApiEnv } from '../../scripts/dev-env.mjs'
import { DEMO, nextAddress } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/**
 * `npm run dev` signs in: Vite's proxy hands the API the page's Origin (Vite's address) with the Host
 * rewritten to the API's own, which the cross-site check refused ("Cross-site request refused.").
 */
const { PORT, PUBLIC_URL } = devApiEnv({ HOST: '127.0.0.1' })
const app = await openTestApp({ env: { PORT, PUBLIC_URL } })

const proxiedLogin = () =>
  app.inject({
    method: 'POST',
    url: '/api/client/auth/login/',
    payload: DEMO,
    headers: { host: `127.0.0.1:${DEV_API_PORT}`, origin: DEV_WEB_URL, 'sec-fetch-site': 'same-origin' },
    remoteAddress: nextAddress(),
  })

describe('npm run dev', () => {
  it("gives the API Vite's address as its public URL, unless the developer set one", () => {
    expect(PUBLIC_URL).toBe('http://127.0.0.1:8080')
    expect(devApiEnv({ PUBLIC_URL: 'https://dev.example.test' }).PUBLIC_URL).toBe('https://dev.example.test')
    expect(devApiEnv({}).PORT).toBe('8081')
  })

  it('signs in through the proxy', async () => {
    const response = await proxiedLogin()
    expect(response.statusCode).toBe(200)
    expect(response.json().access).toEqual(expect.any(String))
  })
})
