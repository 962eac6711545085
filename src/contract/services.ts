/**
 * The service catalogue (spec 000 §1, §2, §3, §9): what each service is, costs and delivers. Pages, the
 * server's e-mails and the assistant all read it from here, so a price changes in one place. The entries
 * themselves live in service-catalogue.ts (the ten services of /services) and otp-services.ts (the two
 * OTP messaging services with their plans).
 */
import { catalogueEntries } from './service-catalogue'
import { otpEntries } from './otp-services'

export const SERVICE_SLUGS = [
  'web-development',
  'mobile-apps',
  'ai-solutions',
  'digital-marketing',
  'technical-consultation',
  'legal-tech-consultation',
  'cybersecurity',
  'cloud',
  'ui-ux',
  'erp-crm',
  'sms-otp',
  'whatsapp-otp',
] as const
export type ServiceSlug = (typeof SERVICE_SLUGS)[number]

export type Currency = 'USD' | 'EGP'

/** A starting price as a number, for sorting and for the assistant; `pricing` is the text shown. */
export interface StartingPrice {
  amount: number
  currency: Currency
  /** What the amount buys: a whole project, an hour of consulting, or a month of service. */
  per: 'project' | 'hour' | 'month'
}

/** One OTP messaging plan (spec 000 §3 "Pricing plan"). */
export interface PricingPlan {
  name: string
  /** Price text as shown: '300 EGP', '$60'. */
  price: string
  amount: number
  currency: Currency
  /** Messages count text: '250 messages'. */
  messages: string
  messageCount: number
  duration: string
  features: string[]
  popular?: boolean
  bestFor?: string
}

export interface PromoStat {
  value: string
  label: string
}

export interface ServicePromo {
  headline: string
  text: string
  stats: PromoStat[]
}

export interface OtpExplainer {
  /** 'What is SMS OTP?' */
  title: string
  text: string
  steps: string[]
}

export interface Service {
  slug: ServiceSlug
  title: string
  subtitle: string
  description: string
  /** Site-relative image shipped in public/images/services. */
  image: string
  features: string[]
  technologies: string[]
  timeline: string
  teamSize: string
  /** Pricing text as shown on cards and the Project Details card. */
  pricing: string
  startingPrice: StartingPrice
  deliverables: string[]
  /** The four services launched most recently: 'NEW SERVICE' badge and a promotional section. */
  isNew: boolean
  promo?: ServicePromo
  isOTP?: boolean
  otpType?: 'sms' | 'whatsapp'
  pricingPlans?: PricingPlan[]
  /** Delivery success rate in percent (OTP services only). */
  successRate?: number
  otpExplainer?: OtpExplainer
}

/** A service as its catalogue file writes it; the image path follows from the slug. */
export type ServiceEntry = Omit<Service, 'image'>

const withImage = (entry: ServiceEntry): Service => ({
  ...entry,
  image: `/images/services/${entry.slug}.svg`,
})

/** The ten services of /services (the OTP services appear only on their own detail pages). */
export const catalogueServices: Service[] = catalogueEntries.map(withImage)

export const services: Service[] = [...catalogueServices, ...otpEntries.map(withImage)]

export function findService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug)
}

/** The eight services shown on the home page; NEW marks AI and Digital Marketing there. */
export const HOME_SERVICE_SLUGS: ServiceSlug[] = [
  'web-development',
  'mobile-apps',
  'ai-solutions',
  'digital-marketing',
  'cybersecurity',
  'cloud',
  'ui-ux',
  'erp-crm',
]

/** What the assistant is told on the home page (spec 000 §2 Home). */
export const HOME_ASSISTANT_CONTEXT =
  'Services start from $1,500; typical timelines are 2-24 weeks with teams of 1-6 specialists.'
