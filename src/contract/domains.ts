import * as z from 'zod/mini'
import { ORDER_STATUSES } from './payments'
import { boundedInteger, EMAIL_PATTERN, pageNumber, paginated, recordId, REQUIRED, tooLong } from './common'

/** Domain names (spec 002 §2.3–§2.6, §3, §5, §9): search, registration, management and DNS. */
export const DOMAIN_TLDS = ['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'tech', 'online', 'store'] as const
export type DomainTld = (typeof DOMAIN_TLDS)[number]
export const DEFAULT_TLDS: readonly DomainTld[] = ['com', 'net', 'org']
export const SUGGESTION_SUFFIXES = ['shop', 'store', 'online', 'app', 'tech', 'digital'] as const

/** USD per year when the registrar gives no price (§9). */
export const FALLBACK_PRICE = 12.99
export const WHOIS_PRIVACY_PRICE = 5.99
export const MIN_YEARS = 1
export const MAX_YEARS = 10
/** Name.com's Core API checks at most 50 names per call; the public check takes as many. */
export const MAX_AVAILABILITY_NAMES = 50
export const DEFAULT_COUNTRY = 'US'

export const DOMAIN_STATUSES = ['active', 'expired', 'pending', 'cancelled'] as const
export type DomainStatus = (typeof DOMAIN_STATUSES)[number]

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number]
export const DEFAULT_TTL = 3600
export const DEFAULT_PRIORITY = 10
/** A TXT record's text (a 4096-bit DKIM key is about 740 characters); exported as 255-byte strings. */
export const MAX_TXT_LENGTH = 4096
export const MIN_NAMESERVERS = 2
export const MAX_NAMESERVERS = 13
/** Thresholds of §4 and §9: days left and the renewal bar over 365 days. */
export const RENEW_LINK_DAYS = 90
export const RENEWAL_BAR_DAYS = 365
/** Auto-renew runs this many days before expiry; reminders go out at these days left. */
export const AUTO_RENEW_DAYS_BEFORE = 30
export const EXPIRY_REMINDER_DAYS = [60, 30, 7] as const

/** The spec's texts (§5, §8) for the domain screens. */
export const domainMessages = {
  /** Another client's registration order for the name is waiting for payment (issue 24: the hold). */
  nameHeld:
    'This domain name is being ordered by someone else right now. Try again later or choose another name.',
  enterName: 'Please enter a domain name',
  searchFailed: 'Failed to search domains. Please try again.',
  loginToRegister: 'Please login to register a domain',
  fillRequired: 'Please fill in all required fields',
  reviewAll: 'Please review all information',
  orderFailed: 'Failed to create order',
  paymentIntentFailed: 'Failed to get payment intent',
  paymentInitFailed: 'Failed to initialize payment',
  paymentFailed: 'Payment failed',
  fawryFailed: 'Failed to initialize Fawry payment',
  paymobFailed: 'Failed to initialize Paymob payment',
  orderDataMissing: 'Order data not found',
  paidWithError: 'Payment successful but there was an error. Please contact support.',
  orderCreated: 'Order created successfully! Please proceed with payment.',
  paymentFormReady: 'Payment form ready!',
  paymentSuccessful: 'Payment successful!',
  paymentProcessing: 'Payment successful! Processing your order...',
  preparingPayment: 'Preparing payment form...',
  detailsFailed: 'Failed to load domain details',
  notFound: 'Domain not found',
  autoRenewFailed: 'Failed to update auto-renewal',
  autoRenewUpdated: 'Auto-renewal updated successfully',
  lockFailed: 'Failed to update domain lock',
  locked: 'Domain locked successfully',
  unlocked: 'Domain unlocked successfully',
  recordAddFailed: 'Failed to add DNS record',
  recordAdded: 'DNS record added successfully',
  recordDeleteFailed: 'Failed to delete DNS record',
  recordDeleted: 'DNS record deleted successfully',
  confirmDeleteRecord: 'Are you sure you want to delete this DNS record?',
  nameserversFailed: 'Failed to update nameservers',
  nameserversUpdated: 'Nameservers updated successfully',
  tooFewNameservers: 'Please provide at least 2 nameservers',
  authCodeFailed: 'Failed to get auth code',
  authCodeRetrieved: 'Auth code retrieved successfully',
  authCodeCopied: 'Auth code copied to clipboard',
  errorLoadingDomains: 'Error Loading Domains',
  expired: 'Expired',
  authRequired: 'Authentication required',
  // Server answers (not in the spec's catalogue; ours).
  invalidName: 'Enter a domain name made of letters, digits and hyphens with one of the offered TLDs.',
  unsupportedTld: 'This TLD is not offered.',
  unavailable: 'This domain is not available for registration.',
  lockedNoAuthCode: 'Unlock the domain before requesting its transfer code.',
  notActive: 'Only an active domain can be changed.',
  invalidNameserver: 'Enter a valid host name such as ns1.example.com.',
  yearsRange: `Choose between ${MIN_YEARS} and ${MAX_YEARS} years.`,
  offline: 'You are offline. Changes to domains are available again once you reconnect.',
} as const

/**
 * The search box's rule (§5): lower case, and everything but letters, digits and hyphens removed. A
 * typed TLD ("Example.com") keeps only the label before it.
 */
export function normaliseDomainLabel(input: string): string {
  const [label = ''] = input.trim().toLowerCase().split('.')
  return label.replace(/[^a-z0-9-]/g, '')
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** A registrable name we offer: one label of letters, digits and inner hyphens, and an offered TLD. */
export function isOfferedDomainName(name: string): boolean {
  const parts = name.split('.')
  if (parts.length !== 2) return false
  const [label = '', tld = ''] = parts
  return LABEL.test(label) && (DOMAIN_TLDS as readonly string[]).includes(tld)
}

/** A host name: dot-separated labels, at least two, each 1–63 characters, at most 253 in all. */
export function isHostName(value: string): boolean {
  const host = value.endsWith('.') ? value.slice(0, -1) : value
  if (host.length === 0 || host.length > 253) return false
  const labels = host.split('.')
  return labels.length >= 2 && labels.every((l) => /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i.test(l))
}

// ---- Search ----------------------------------------------------------------------------------------

/** One name's answer (§3 "Domain availability result"); `purchasable` false means Unavailable. */
export const availabilityResultSchema = z.object({
  domainName: z.string(),
  tld: z.string(),
  purchasable: z.boolean(),
  premium: z.boolean(),
  /** USD per year. */
  purchasePrice: z.number(),
  price: z.number(),
  renewalPrice: z.number(),
  currency: z.string(),
})
export type AvailabilityResult = z.infer<typeof availabilityResultSchema>

const fullDomainName = z.pipe(
  z.string({ error: REQUIRED }).check(z.trim(), z.maxLength(253, tooLong(253))),
  z.transform((v) => v.toLowerCase()),
)

export const checkAvailabilityRequestSchema = z.object({
  domain_names: z
    .array(fullDomainName, { error: 'Send a list of domain names.' })
    .check(
      z.minLength(1, 'Send at least one domain name.'),
      z.maxLength(MAX_AVAILABILITY_NAMES, `Send at most ${MAX_AVAILABILITY_NAMES} domain names.`),
    ),
})

export const searchRequestSchema = z.object({
  keyword: z.string({ error: REQUIRED }).check(z.maxLength(100, tooLong(100))),
  tlds: z._default(
    z.array(z.string()).check(z.maxLength(DOMAIN_TLDS.length, `Choose at most ${DOMAIN_TLDS.length} TLDs.`)),
    [...DEFAULT_TLDS],
  ),
})

export const availabilityListSchema = z.object({ results: z.array(availabilityResultSchema) })
export const searchResultSchema = z.object({
  results: z.array(availabilityResultSchema),
  /** Names built from the keyword and the six suffixes, in the first chosen TLD. */
  suggestions: z.array(z.string()),
})
export type SearchResult = z.infer<typeof searchResultSchema>

// ---- Registration and orders --------------------------------------------------------------------

const years = boundedInteger(MIN_YEARS, MAX_YEARS)
const contactText = (max: number) =>
  z.string({ error: REQUIRED }).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, tooLong(max)))

const contactEmail = z.pipe(
  contactText(254).check(z.refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid email address.')),
  z.transform((v) => v.toLowerCase()),
)
/** Registrars want +CC.NUMBER (e.g. +1.5555551234); "+1 555 555 1234" is read as that too. */
const contactPhone = z.pipe(
  contactText(30).check(
    z.refine(
      (v) => toRegistrarPhone(v) !== null,
      'Enter the phone number with its country code, e.g. +1.5555551234.',
    ),
  ),
  z.transform((v) => toRegistrarPhone(v) ?? v),
)
const contactCountry = z.pipe(
  contactText(2).check(z.regex(/^[A-Za-z]{2}$/, 'Use the two-letter country code.')),
  z.transform((v) => v.toUpperCase()),
)
const contactOrganization = z._default(
  z.optional(z.string().check(z.trim(), z.maxLength(200, tooLong(200)))),
  '',
)

export const contactSchema = z.object({
  first_name: contactText(100),
  last_name: contactText(100),
  email: contactEmail,
  phone: contactPhone,
  address1: contactText(200),
  city: contactText(100),
  state: contactText(100),
  zip: contactText(20),
  country: contactCountry,
  organization: contactOrganization,
})
export type DomainContact = z.infer<typeof contactSchema>
export type DomainContactInput = z.input<typeof contactSchema>

/** "+1.5555551234" stays; "+1 555-555-1234" (country code, then the number) becomes "+1.5555551234". */
export function toRegistrarPhone(phone: string): string | null {
  const trimmed = phone.trim()
  const dotted = /^\+(\d{1,3})\.(\d{4,14})$/.exec(trimmed.replace(/[\s()-]/g, ''))
  if (dotted) return `+${dotted[1]}.${dotted[2]}`
  const spaced = /^\+(\d{1,3})[\s.-]+([\d\s().-]{4,20})$/.exec(trimmed)
  const rest = spaced?.[2]?.replace(/\D/g, '') ?? ''
  if (spaced && rest.length >= 4 && rest.length <= 14) return `+${spaced[1]}.${rest}`
  return null
}

const nameserverList = z.array(z.string().check(z.trim(), z.maxLength(253, tooLong(253))), {
  error: 'Send a list of nameservers.',
})

/** §3 "Domain registration request". */
export const registrationRequestSchema = z.object({
  domain_name: fullDomainName,
  years,
  whois_privacy: z._default(z.boolean(), true),
  auto_renew: z._default(z.boolean(), false),
  registrant_first_name: contactText(100),
  registrant_last_name: contactText(100),
  registrant_email: contactEmail,
  registrant_phone: contactPhone,
  registrant_address1: contactText(200),
  registrant_city: contactText(100),
  registrant_state: contactText(100),
  registrant_zip: contactText(20),
  registrant_country: z._default(contactCountry, DEFAULT_COUNTRY),
  registrant_organization: contactOrganization,
  use_same_contact_for_all: z._default(z.boolean(), true),
  nameservers: z.optional(
    nameserverList.check(z.maxLength(MAX_NAMESERVERS, `At most ${MAX_NAMESERVERS} nameservers.`)),
  ),
})
export type RegistrationRequest = z.input<typeof registrationRequestSchema>

export const ORDER_TYPES = ['domain_registration', 'domain_renewal'] as const
export type DomainOrderType = (typeof ORDER_TYPES)[number]

/** §3 "Order response" with what the wizard and the orders list also read. */
export const domainOrderSchema = z.object({
  id: z.int(),
  order_type: z.string(),
  status: z.string(),
  domain_name: z.string(),
  domain_id: z.nullable(z.int()),
  years: z.int(),
  whois_privacy: z.boolean(),
  /** USD: the registration (or renewal) price for the years; final adds WHOIS privacy. */
  base_price: z.number(),
  privacy_price: z.number(),
  final_price: z.number(),
  currency: z.string(),
  created_at: z.string(),
})
export type DomainOrder = z.infer<typeof domainOrderSchema>
export const orderResponseSchema = z.object({ order: domainOrderSchema })
export const domainOrderListSchema = paginated(domainOrderSchema)
export const orderListQuerySchema = z.object({
  status: z.optional(z.enum(ORDER_STATUSES, { error: `Use one of: ${ORDER_STATUSES.join(', ')}.` })),
  order_type: z.optional(z.enum(ORDER_TYPES, { error: `Use one of: ${ORDER_TYPES.join(', ')}.` })),
  page: pageNumber(),
})

export const processOrderResponseSchema = z.object({
  order: domainOrderSchema,
  paid: z.boolean(),
  fulfilled: z.boolean(),
  domain_id: z.nullable(z.int()),
  domain_status: z.nullable(z.string()),
})

export const renewRequestSchema = z.object({
  domain_id: z.optional(recordId()),
  years,
})

/**
 * The price of a registration or renewal in USD: the first year at `firstYear` (a premium name's price),
 * the others at `perYear`, WHOIS privacy on top for every year. For ordinary names both are the same, so
 * it is the spec's "price times the years".
 */
export function domainPrice(firstYear: number, perYear: number, yearsCount: number, privacy: boolean) {
  const base = Math.round(firstYear * 100 + perYear * 100 * (yearsCount - 1)) / 100
  const privacyPrice = privacy ? Math.round(WHOIS_PRIVACY_PRICE * 100 * yearsCount) / 100 : 0
  return { base, privacy: privacyPrice, total: Math.round((base + privacyPrice) * 100) / 100 }
}

// ---- Domains ------------------------------------------------------------------------------------------

export const domainSchema = z.object({
  id: z.int(),
  domain_name: z.string(),
  status: z.string(),
  locked: z.boolean(),
  whois_privacy: z.boolean(),
  auto_renew: z.boolean(),
  registration_date: z.nullable(z.string()),
  expiry_date: z.nullable(z.string()),
  nameservers: z.array(z.string()),
  /** The registrant contact (the Contacts tab); admin, tech and billing are the same unless said. */
  contact: z.nullable(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      address1: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
      organization: z.string(),
    }),
  ),
  /** Per-year renewal price in USD. */
  renewal_price: z.number(),
})
export type Domain = z.infer<typeof domainSchema>
export const domainListSchema = paginated(domainSchema)

export const domainListQuerySchema = z.object({
  status: z.optional(z.enum(DOMAIN_STATUSES, { error: `Use one of: ${DOMAIN_STATUSES.join(', ')}.` })),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, tooLong(100)))),
  page: pageNumber(),
})

export const nameserversRequestSchema = z.object({ nameservers: nameserverList })
export const authCodeSchema = z.object({ auth_code: z.string() })
export const contactUpdateSchema = contactSchema

// ---- DNS ------------------------------------------------------------------------------------------------

export const dnsRecordSchema = z.object({
  id: z.int(),
  domain: z.int(),
  type: z.string(),
  host: z.string(),
  value: z.string(),
  ttl: z.int(),
  priority: z.nullable(z.int()),
})
export type DnsRecord = z.infer<typeof dnsRecordSchema>
export const dnsRecordListSchema = z.object({ results: z.array(dnsRecordSchema) })

/** §3 "DNS record" create payload; PUT takes the same body. */
export const dnsRecordRequestSchema = z.object({
  domain: recordId(),
  type: z.enum(DNS_RECORD_TYPES, { error: `Use one of: ${DNS_RECORD_TYPES.join(', ')}.` }),
  host: z
    .string({ error: REQUIRED })
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(253, tooLong(253))),
  value: z
    .string({ error: REQUIRED })
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(MAX_TXT_LENGTH, tooLong(MAX_TXT_LENGTH))),
  // Ranges are checked by checkDnsRecord (contract/dns-records.ts) with the editor's own messages.
  ttl: z._default(z.nullable(boundedInteger(0, 2147483647)), DEFAULT_TTL),
  priority: z.optional(z.nullable(boundedInteger(0, 2147483647))),
})
export type DnsRecordRequest = z.input<typeof dnsRecordRequestSchema>
export const dnsRecordQuerySchema = z.object({ domain: recordId() })

// ---- DNS templates (ours: one click adds a host's usual records) -------------------------------------

export interface DnsTemplateRecord {
  type: DnsRecordType
  host: string
  value: string
  priority?: number
}
export interface DnsTemplate {
  id: string
  name: string
  description: string
  records: DnsTemplateRecord[]
  /** The DKIM selectors the provider signs with once the client turns signing on (the health check reads them). */
  dkimSelectors: string[]
}

export const DNS_TEMPLATES: readonly DnsTemplate[] = [
  {
    id: 'google-workspace',
    name: 'Google Workspace',
    description: 'Mail for your domain in Gmail.',
    records: [
      { type: 'MX', host: '@', value: 'smtp.google.com', priority: 1 },
      { type: 'TXT', host: '@', value: 'v=spf1 include:_spf.google.com ~all' },
    ],
    dkimSelectors: ['google'],
  },
  {
    id: 'microsoft-365',
    name: 'Microsoft 365',
    description: 'Mail in Outlook and sign-in discovery.',
    records: [
      { type: 'MX', host: '@', value: '{mx}.mail.protection.outlook.com', priority: 0 },
      { type: 'TXT', host: '@', value: 'v=spf1 include:spf.protection.outlook.com -all' },
      { type: 'CNAME', host: 'autodiscover', value: 'autodiscover.outlook.com' },
    ],
    dkimSelectors: ['selector1', 'selector2'],
  },
  {
    id: 'github-pages',
    name: 'GitHub Pages',
    description: 'Serve the domain from a GitHub Pages site.',
    records: [
      { type: 'A', host: '@', value: '185.199.108.153' },
      { type: 'A', host: '@', value: '185.199.109.153' },
      { type: 'A', host: '@', value: '185.199.110.153' },
      { type: 'A', host: '@', value: '185.199.111.153' },
      { type: 'CNAME', host: 'www', value: '{github_user}.github.io' },
    ],
    dkimSelectors: [],
  },
]

/** The template's records for one domain: `{mx}` is the domain with dots as dashes (Microsoft's rule). */
export function templateRecords(
  template: DnsTemplate,
  domainName: string,
  githubUser = '',
): DnsTemplateRecord[] {
  return template.records.map((r) => ({
    ...r,
    // Function replacers: a `$&` or `$\`` typed as the user name stays text.
    value: r.value
      .replace('{mx}', () => domainName.replace(/\./g, '-'))
      .replace('{github_user}', () => githubUser),
  }))
}

export const applyTemplateRequestSchema = z.object({
  template: z.enum(DNS_TEMPLATES.map((t) => t.id) as [string, ...string[]], {
    error: 'Choose one of the offered templates.',
  }),
  github_user: z._default(z.optional(z.string().check(z.trim(), z.maxLength(39, tooLong(39)))), ''),
})
