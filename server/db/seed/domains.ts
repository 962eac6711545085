import type { DomainContact } from '@/contract/domains'
import type { Executor } from '../client'
import { dnsRecords, domains, sandboxRegistry, type RegistryRecord } from '../schema'

const DAY = 24 * 60 * 60 * 1000

const contact: DomainContact = {
  first_name: 'Dana',
  last_name: 'Mercer',
  email: 'demo@example.com',
  phone: '+1.3125550199',
  address1: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
  country: 'US',
  organization: 'Demo Company',
}

const NAMESERVERS = ['ns1.sandbox-registrar.test', 'ns2.sandbox-registrar.test']

/**
 * The demo client's domains (issue 13): one expiring within 90 days, one expired, and one locked with
 * DNS records. Each is also in the sandbox registrar's registry, so it is taken and manageable there.
 */
export async function seedDomains(db: Executor, { demoUserId }: { demoUserId: number }) {
  const now = Date.now()
  const seeded = [
    {
      domainName: 'dana-mercer-studio.com',
      registrationDate: new Date(now - 320 * DAY),
      expiryDate: new Date(now + 45 * DAY),
      locked: false,
      autoRenew: false,
      records: [] as Omit<RegistryRecord, 'id'>[],
    },
    {
      domainName: 'demo-company-archive.net',
      registrationDate: new Date(now - 740 * DAY),
      expiryDate: new Date(now - 10 * DAY),
      locked: false,
      autoRenew: false,
      records: [],
    },
    {
      domainName: 'demo-company.com',
      registrationDate: new Date(now - 400 * DAY),
      expiryDate: new Date(now + 330 * DAY),
      locked: true,
      autoRenew: true,
      records: [
        { type: 'A', host: '@', answer: '192.0.2.10', ttl: 3600, priority: null },
        { type: 'CNAME', host: 'www', answer: 'demo-company.com', ttl: 3600, priority: null },
        { type: 'MX', host: '@', answer: 'mail.demo-company.com', ttl: 3600, priority: 10 },
        // The mail server's address: a name server refuses an MX to a name of the zone that has none.
        { type: 'A', host: 'mail', answer: '192.0.2.25', ttl: 3600, priority: null },
        { type: 'TXT', host: '@', answer: 'v=spf1 mx -all', ttl: 3600, priority: null },
      ],
    },
  ]
  for (const entry of seeded) {
    const records = entry.records.map((r, i) => ({ ...r, id: String(i + 1) }))
    await db.insert(sandboxRegistry).values({
      domainName: entry.domainName,
      createDate: entry.registrationDate,
      expireDate: entry.expiryDate,
      locked: entry.locked,
      autoRenew: entry.autoRenew,
      privacy: true,
      nameservers: NAMESERVERS,
      contact: { ...contact },
      authCode: `demo-${entry.domainName.replace(/\W/g, '')}`.slice(0, 24),
      records,
      nextRecordId: records.length + 1,
    })
    const [row] = await db
      .insert(domains)
      .values({
        userId: demoUserId,
        domainName: entry.domainName,
        status: 'active',
        locked: entry.locked,
        whoisPrivacy: true,
        autoRenew: entry.autoRenew,
        registrationDate: entry.registrationDate,
        expiryDate: entry.expiryDate,
        nameservers: NAMESERVERS,
        contact,
        purchasePriceMinor: entry.domainName.endsWith('.net') ? 1499 : 1299,
        renewalPriceMinor: entry.domainName.endsWith('.net') ? 1499 : 1299,
      })
      .returning({ id: domains.id })
    if (!row) throw new Error('demo domain was not created')
    if (records.length > 0)
      await db.insert(dnsRecords).values(
        records.map((r) => ({
          domainId: row.id,
          type: r.type as 'A',
          host: r.host,
          value: r.answer,
          ttl: r.ttl,
          priority: r.priority,
          registrarRecordId: r.id,
        })),
      )
  }
}
