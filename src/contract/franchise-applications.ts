import * as z from 'zod/mini'
import { optionalText } from './common'
import { firstProblem, optionalChoice } from './inquiries'

/** The /franchise form: POST /api/public/franchise-applications/ (spec 000 §3, §5). */

export const BUSINESS_EXPERIENCE = ['none', '1-3', '3-5', '5-10', 'over-10'] as const
export const INVESTMENT_CAPACITY = ['under-50k', '50k-100k', '100k-250k', '250k-500k', 'over-500k'] as const
export const FRANCHISE_TIMELINES = ['immediate', '3-months', '6-months', '1-year', 'exploring'] as const

/** How the franchise form shows each stored choice. */
export const franchiseChoiceLabels = {
  business_experience: {
    none: 'No prior business experience',
    '1-3': '1-3 years',
    '3-5': '3-5 years',
    '5-10': '5-10 years',
    'over-10': 'Over 10 years',
  } satisfies Record<(typeof BUSINESS_EXPERIENCE)[number], string>,
  investment_capacity: {
    'under-50k': 'Under $50,000',
    '50k-100k': '$50,000 - $100,000',
    '100k-250k': '$100,000 - $250,000',
    '250k-500k': '$250,000 - $500,000',
    'over-500k': 'Over $500,000',
  } satisfies Record<(typeof INVESTMENT_CAPACITY)[number], string>,
  timeline: {
    immediate: 'Immediately',
    '3-months': 'Within 3 months',
    '6-months': 'Within 6 months',
    '1-year': 'Within a year',
    exploring: 'Just exploring',
  } satisfies Record<(typeof FRANCHISE_TIMELINES)[number], string>,
}

export const FRANCHISE_LIMITS = {
  full_name: 150,
  email: 254,
  phone: 32,
  country: 100,
  city: 100,
  current_business: 500,
  why_franchise: 5000,
  additional_info: 5000,
}

export const franchiseApplicationRequestSchema = z.object({
  full_name: optionalText(FRANCHISE_LIMITS.full_name),
  email: optionalText(FRANCHISE_LIMITS.email),
  phone: optionalText(FRANCHISE_LIMITS.phone),
  country: optionalText(FRANCHISE_LIMITS.country),
  city: optionalText(FRANCHISE_LIMITS.city),
  business_experience: optionalChoice(BUSINESS_EXPERIENCE),
  investment_capacity: optionalChoice(INVESTMENT_CAPACITY),
  current_business: optionalText(FRANCHISE_LIMITS.current_business),
  why_franchise: optionalText(FRANCHISE_LIMITS.why_franchise),
  timeline: optionalChoice(FRANCHISE_TIMELINES),
  additional_info: optionalText(FRANCHISE_LIMITS.additional_info),
})
export type FranchiseApplicationRequest = z.input<typeof franchiseApplicationRequestSchema>
export type FranchiseApplicationValues = Record<keyof FranchiseApplicationRequest, string>

export function checkFranchiseApplication(
  values: Pick<FranchiseApplicationValues, 'full_name' | 'email' | 'phone' | 'country'>,
) {
  return firstProblem(values, ['full_name', 'email', 'phone', 'country'] as const, 'email')
}

export const franchiseApplicationSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.nullable(z.string()),
  business_experience: z.nullable(z.string()),
  investment_capacity: z.nullable(z.string()),
  current_business: z.nullable(z.string()),
  why_franchise: z.nullable(z.string()),
  timeline: z.nullable(z.string()),
  additional_info: z.nullable(z.string()),
  status: z.string(),
  created_at: z.string(),
})
export type FranchiseApplication = z.infer<typeof franchiseApplicationSchema>

export const franchiseApplicationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  application: franchiseApplicationSchema,
})
