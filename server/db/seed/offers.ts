import { toMinorUnits } from '@/contract/common'
import type { ServiceSlug } from '@/contract/services'
import type { Executor } from '../client'
import { offers } from '../schema'

const DAY = 24 * 60 * 60 * 1000

interface SeedOffer {
  title: string
  serviceType: ServiceSlug
  description: string
  price: number
  originalPrice: number | null
  currency: 'USD' | 'EGP'
  features: string[]
  isFeatured: boolean
  /** Days from seeding; negative is in the past. Null: no end date. */
  endsInDays: number | null
}

const demoOffers: SeedOffer[] = [
  {
    title: 'Launch-Ready Business Website',
    serviceType: 'web-development',
    description: 'A fast, bilingual company website with a content editor, contact forms and analytics.',
    price: 1990,
    originalPrice: 2500,
    currency: 'USD',
    features: ['Up to 8 pages', 'Arabic and English', 'Content editor', 'SEO setup', '30 days of support'],
    isFeatured: true,
    endsInDays: null,
  },
  {
    title: 'MVP Mobile App Sprint',
    serviceType: 'mobile-apps',
    description:
      'An iOS and Android MVP in 8 weeks: design, build, store submission and a basic admin panel.',
    price: 4500,
    originalPrice: 5000,
    currency: 'USD',
    features: ['Cross-platform app', 'Admin panel', 'Push notifications', 'Store submission'],
    isFeatured: true,
    endsInDays: null,
  },
  {
    title: 'Security Health Check',
    serviceType: 'cybersecurity',
    description: 'An external penetration test and cloud configuration review with a prioritised fix list.',
    price: 2400,
    originalPrice: 3000,
    currency: 'USD',
    features: ['External penetration test', 'Cloud configuration review', 'Executive report', 'Retest'],
    isFeatured: true,
    endsInDays: 365,
  },
  {
    title: 'Cloud Migration Starter',
    serviceType: 'cloud',
    description: 'Move one application to a managed cloud set-up with CI/CD, backups and monitoring.',
    price: 1200,
    originalPrice: 1500,
    currency: 'USD',
    features: ['Infrastructure as code', 'CI/CD pipeline', 'Backups', 'Monitoring and alerts'],
    isFeatured: false,
    endsInDays: null,
  },
  {
    title: 'UX Audit and Redesign Concept',
    serviceType: 'ui-ux',
    description: 'A usability review of your product and a clickable redesign of its three key flows.',
    price: 1500,
    originalPrice: null,
    currency: 'USD',
    features: ['Heuristic review', '5 user interviews', 'Clickable prototype'],
    isFeatured: false,
    endsInDays: null,
  },
  {
    title: 'SMS OTP Starter Bundle',
    serviceType: 'sms-otp',
    description: 'Three months of the Standard SMS OTP plan with integration help included.',
    price: 1350,
    originalPrice: 1500,
    currency: 'EGP',
    features: ['550 messages per month', 'Integration support', 'Delivery reports'],
    isFeatured: true,
    endsInDays: 180,
  },
  {
    title: 'WhatsApp OTP Growth Bundle',
    serviceType: 'whatsapp-otp',
    description: 'The Growth plan with a verified business sender set up for you.',
    price: 90,
    originalPrice: 100,
    currency: 'USD',
    features: ['1,000 messages per month', 'Verified sender set-up', 'Delivery reports'],
    isFeatured: false,
    endsInDays: null,
  },
  {
    title: 'ERP Discovery Workshop',
    serviceType: 'erp-crm',
    description: 'Two days mapping your processes to an ERP, with a scoped plan and a fixed quote.',
    price: 950,
    originalPrice: 1200,
    currency: 'USD',
    features: ['Process mapping', 'Module selection', 'Fixed-price roll-out quote'],
    isFeatured: false,
    endsInDays: null,
  },
  {
    // Ended: kept as history, never shown to visitors.
    title: 'Spring Web Special',
    serviceType: 'web-development',
    description: 'A seasonal website offer that has ended.',
    price: 1500,
    originalPrice: 2500,
    currency: 'USD',
    features: ['Up to 5 pages'],
    isFeatured: true,
    endsInDays: -30,
  },
]

export async function seedOffers(db: Executor) {
  const now = Date.now()
  await db.insert(offers).values(
    demoOffers.map((offer, position) => ({
      title: offer.title,
      serviceType: offer.serviceType,
      description: offer.description,
      priceMinor: toMinorUnits(offer.price),
      originalPriceMinor: offer.originalPrice === null ? null : toMinorUnits(offer.originalPrice),
      currency: offer.currency,
      features: offer.features,
      isFeatured: offer.isFeatured,
      validFrom: new Date(now - (offer.endsInDays !== null && offer.endsInDays < 0 ? 120 : 1) * DAY),
      validUntil: offer.endsInDays === null ? null : new Date(now + offer.endsInDays * DAY),
      position,
    })),
  )
}
