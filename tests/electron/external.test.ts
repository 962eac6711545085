import { describe, expect, it } from 'vitest'
import { isAllowedExternalUrl } from '../../electron/external'

const api = 'https://api.cypher.example'

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://checkout.stripe.com/c/pay/cs_test_123',
    'https://accept.paymob.com/api/acceptance/iframes/1?payment_token=x',
    'https://atfawry.fawrystaging.com/ECommercePlugin/FawryPay.jsp',
    'https://www.atfawry.com/atfawry/plugin/',
    'https://wa.me/201005550142?text=Hello',
    'https://api.cypher.example/sandbox/checkout/42',
    'https://www.linkedin.com/',
    'https://cypher.example/privacy',
    'mailto:support@cypher.example',
    'tel:+201005550142',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, api)).toBe(true)
  })

  it.each([
    ['plain http to a gateway', 'http://checkout.stripe.com/pay'],
    ['a look-alike host', 'https://checkout.stripe.com.evil.example/pay'],
    ['a sub-domain trick', 'https://evil.example/checkout.stripe.com'],
    ['an unknown host', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['credentials in the URL', 'https://user:pass@checkout.stripe.com/'],
    ['our API outside the checkout pages', 'https://api.cypher.example/api/client/wallet/'],
    ['not a URL', 'checkout.stripe.com'],
    ["a search engine's redirect", 'https://www.google.com/url?q=https://evil.example/'],
    [
      "a social network's link redirector",
      'https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fevil.example',
    ],
    ["another number's WhatsApp chat", 'https://wa.me/15550000000'],
    ['a look-alike of the company domain', 'https://cypher.example.evil.example/'],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url, api)).toBe(false)
  })

  it('allows the sandbox checkout of a local http API on a developer machine', () => {
    expect(isAllowedExternalUrl('http://127.0.0.1:8080/sandbox/checkout/1', 'http://127.0.0.1:8080')).toBe(
      true,
    )
  })
})
