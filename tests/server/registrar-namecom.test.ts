import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { RegistrarError, type RegistrarContact } from '../../server/adapters/registrar'
import { NameComRegistrar } from '../../server/adapters/registrar/namecom'
import { FakeNameCom, NAMECOM } from './helpers/fake-namecom'

const fake = await new FakeNameCom().start()
afterAll(() => fake.stop())
const registrar = new NameComRegistrar({ ...NAMECOM, apiUrl: fake.url })

const contact: RegistrarContact = {
  firstName: 'Demo',
  lastName: 'Client',
  email: 'demo@example.com',
  phone: '+1.5555551234',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  organization: 'Demo Co',
}

beforeEach(() => {
  fake.requests.length = 0
})

describe('Name.com registrar against a fake that checks requests as documented', () => {
  it('checks availability in batches of at most 50 names and reads absent purchasable as taken', async () => {
    fake.taken.add('taken.com')
    const names = ['taken.com', ...Array.from({ length: 60 }, (_, i) => `free-name-${i}.com`)]
    const quotes = await registrar.checkAvailability(names)
    const calls = fake.requests.filter((r) => r.path === '/core/v1/domains:checkAvailability')
    expect(calls.map((c) => (c.body?.domainNames as string[]).length)).toEqual([50, 11])
    expect(quotes).toHaveLength(61)
    expect(quotes[0]).toMatchObject({ domainName: 'taken.com', purchasable: false })
    expect(quotes[1]).toMatchObject({
      purchasable: true,
      premium: false,
      purchasePrice: 10.99,
      renewalPrice: 10.99,
    })
  })

  it('registers with the contacts, nameservers and an idempotency key, and repeats safely', async () => {
    const input = {
      domainName: 'brand-new.com',
      years: 2,
      privacy: true,
      autoRenew: false,
      nameservers: ['ns1.host.example', 'ns2.host.example'],
      contact,
      purchasePrice: null,
      idempotencyKey: 'order-1-registration',
    }
    const domain = await registrar.register(input)
    expect(domain.domainName).toBe('brand-new.com')
    expect(domain.expireDate.getUTCFullYear() - domain.createDate.getUTCFullYear()).toBe(2)
    const call = fake.requests.find((r) => r.path === '/core/v1/domains')
    expect(call?.idempotencyKey).toBe('order-1-registration')
    expect(call?.body).toMatchObject({
      years: 2,
      privacyEnabled: true,
      domain: {
        domainName: 'brand-new.com',
        nameservers: ['ns1.host.example', 'ns2.host.example'],
        contacts: { registrant: { firstName: 'Demo', phone: '+1.5555551234', companyName: 'Demo Co' } },
      },
    })
    await expect(registrar.register(input)).resolves.toMatchObject({ domainName: 'brand-new.com' })
    await expect(registrar.register({ ...input, idempotencyKey: 'other' })).rejects.toThrow(RegistrarError)
  })

  it('renews, changes lock, auto-renew, nameservers and contacts, and reads the auth code once unlocked', async () => {
    const before = fake.domains.get('brand-new.com')?.expireDate ?? ''
    const renewed = await registrar.renew('brand-new.com', 1, 'order-2-renewal')
    expect(renewed.expireDate.getTime()).toBeGreaterThan(new Date(before).getTime())
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/core/v1/domains/brand-new.com:renew',
      body: { years: 1 },
      idempotencyKey: 'order-2-renewal',
    })
    await expect(registrar.getAuthCode('brand-new.com')).rejects.toThrow(/locked/)
    await registrar.setLock('brand-new.com', false)
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { locked: false } })
    await expect(registrar.getAuthCode('brand-new.com')).resolves.toBe('Fake-Auth-Code-123')
    await registrar.setAutoRenew('brand-new.com', true)
    expect(fake.requests.at(-1)?.body).toEqual({ autorenewEnabled: true })
    await registrar.setNameservers('brand-new.com', ['ns1.other.example', 'ns2.other.example'])
    expect(fake.domains.get('brand-new.com')?.nameservers).toEqual(['ns1.other.example', 'ns2.other.example'])
    await registrar.setContacts('brand-new.com', { ...contact, city: 'Chicago' })
    expect(fake.requests.at(-1)?.body).toMatchObject({ contacts: { admin: { city: 'Chicago' } } })
  })

  it('creates, updates and deletes DNS records on the v4 records path, the apex as an empty host', async () => {
    const id = await registrar.createRecord('brand-new.com', {
      type: 'MX',
      host: '@',
      answer: 'mail.brand-new.com',
      ttl: 3600,
      priority: 10,
    })
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v4/domains/brand-new.com/records',
      body: { host: '', type: 'MX', answer: 'mail.brand-new.com', ttl: 3600, priority: 10 },
    })
    await registrar.updateRecord('brand-new.com', id, {
      type: 'A',
      host: 'www',
      answer: '192.0.2.1',
      ttl: 300,
      priority: null,
    })
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v4/domains/brand-new.com/records/${id}`,
    })
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('priority')
    await registrar.deleteRecord('brand-new.com', id)
    expect(fake.domains.get('brand-new.com')?.records).toEqual([])
    await expect(
      registrar.createRecord('brand-new.com', {
        type: 'CAA',
        host: '@',
        answer: '0 issue "x"',
        ttl: 3600,
        priority: null,
      }),
    ).rejects.toThrow(/CAA/)
  })

  it("turns Name.com's error body into a RegistrarError with its message", async () => {
    const wrong = new NameComRegistrar({ ...NAMECOM, token: 'wrong-token-0123456789', apiUrl: fake.url })
    await expect(wrong.checkAvailability(['a-name.com'])).rejects.toThrow('Name.com: Unauthenticated')
    await expect(registrar.renew('unknown-name.com', 1, 'k')).rejects.toMatchObject({ status: 404 })
  })
})
