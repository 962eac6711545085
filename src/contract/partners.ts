import * as z from 'zod/mini'
import { paginated } from './common'

/** Texts of spec 000 §8 for the partner list. */
export const partnerMessages = {
  fetchPartners: 'Failed to fetch partners',
  noPartners: 'No partners found',
} as const

/** A partner as GET /api/public/partners/ lists it; `website` is ours (the spec shows id, name, image). */
export const partnerSchema = z.object({
  id: z.int(),
  name: z.string(),
  image: z.nullable(z.string()),
  website: z.nullable(z.string()),
})
export type Partner = z.infer<typeof partnerSchema>
export const partnerListSchema = paginated(partnerSchema)

// ---------------------------------------------------------------------------------------------------
// The static parts of /partners (spec 000 §2); the partner list itself comes from the server.

export const PARTNERSHIP_FIGURES = [
  { value: '50+', label: 'Active Partnerships' },
  { value: '15+', label: 'Countries Covered' },
  { value: '99%', label: 'Uptime' },
] as const

export interface StaticPartner {
  name: string
  category: string
  description: string
  website: string
}

/** The platforms we build on and certify our engineers for. */
export const TECHNOLOGY_PARTNERS: StaticPartner[] = [
  {
    name: 'Amazon Web Services',
    category: 'Cloud Infrastructure',
    description: 'We design, deploy and operate production workloads on AWS for clients in three regions.',
    website: 'https://aws.amazon.com',
  },
  {
    name: 'Google Cloud',
    category: 'Cloud & AI',
    description: 'Data platforms, Firebase back ends and AI services for our mobile and analytics projects.',
    website: 'https://cloud.google.com',
  },
  {
    name: 'Microsoft Azure',
    category: 'Enterprise Cloud',
    description: 'Identity, hosting and .NET workloads for enterprise clients already invested in Microsoft.',
    website: 'https://azure.microsoft.com',
  },
  {
    name: 'Stripe',
    category: 'Payments',
    description: 'Card payments, subscriptions and payouts for the marketplaces and platforms we build.',
    website: 'https://stripe.com',
  },
]

/** Companies that resell, refer or co-deliver our services in their markets. */
export const BUSINESS_PARTNERS: StaticPartner[] = [
  {
    name: 'Gulf Digital Alliance',
    category: 'Reseller · UAE & KSA',
    description: 'Brings our security and ERP services to enterprises across the Gulf.',
    website: 'https://gulfdigitalalliance.example.com',
  },
  {
    name: 'Nile Ventures Studio',
    category: 'Start-up Studio · Egypt',
    description: 'Refers its portfolio start-ups to us for MVPs and technical due diligence.',
    website: 'https://nileventures.example.com',
  },
  {
    name: 'Lakeshore IT Partners',
    category: 'Co-delivery · Chicago',
    description: 'Joins us on larger US projects that need on-site support and managed services.',
    website: 'https://lakeshoreit.example.com',
  },
]

export const PARTNER_BENEFITS = [
  {
    title: 'Shared Growth',
    description: 'Referral and reseller margins on every project you bring, paid on delivery.',
  },
  {
    title: 'Certified Delivery',
    description: 'Security-first engineering teams and a client rating of 4.9/5 behind your name.',
  },
  {
    title: 'Co-Marketing',
    description: 'Joint case studies, events and campaigns in the markets we both serve.',
  },
  {
    title: 'Priority Support',
    description: 'A named partner manager and same-day answers for urgent client issues.',
  },
] as const
