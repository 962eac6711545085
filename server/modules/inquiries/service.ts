import type { FastifyBaseLogger } from 'fastify'
import {
  checkContact,
  defaultSubject,
  INQUIRY_TYPES,
  inquiryMessages,
  inquiryTypeLabel,
  inquiryTypeValue,
  problemFields,
  type SubmissionResponse,
} from '@/contract/inquiries'
import {
  checkFranchiseApplication,
  franchiseChoiceLabels,
  type FranchiseApplication,
} from '@/contract/franchise-applications'
import {
  checkProjectInquiry,
  parseFeatures,
  projectInquiryFieldsSchema,
  projectTypeLabels,
  budgetRangeLabels,
  REQUIREMENTS_FILE,
} from '@/contract/project-inquiries'
import { RESPONSE_PROMISES } from '@/contract/company'
import { site } from '@/contract/site'
import type { Mailer, MailMessage } from '../../adapters/mail'
import type { FileStorage } from '../../adapters/storage'
import type { Database } from '../../db/client'
import { badRequest } from '../../lib/errors'
import { discardFiles, type MultipartResult, type UploadRule } from '../../lib/uploads'
import * as repo from './repository'

export interface InquiryDeps {
  db: Database
  mailer: Mailer
  log: FastifyBaseLogger
}

const promiseFor = (key: (typeof RESPONSE_PROMISES)[number]['key']) =>
  RESPONSE_PROMISES.find((p) => p.key === key)?.time ?? '24 hours'

/** Mail goes out after the submission is stored; a failed send is logged, never turned into an error. */
async function sendQuietly(deps: InquiryDeps, message: MailMessage) {
  try {
    await deps.mailer.send(message)
  } catch (error) {
    deps.log.error({ err: error, template: message.template }, 'inquiry e-mail not sent')
  }
}

const signature = ['', `The ${site.name} team`, `${site.salesEmail} · ${site.phone}`]

// ---------------------------------------------------------------------------------------------------
// Contact message

export interface ContactInput {
  name: string
  email: string
  phone: string
  company: string
  subject: string
  message: string
  inquiry_type: string
}

/**
 * Stores a contact message and confirms it to the sender. The inquiry type is kept in the spec's form
 * ('Quote' → 'quote'); an empty subject becomes '<Type> Inquiry'.
 */
export async function sendContactMessage(
  deps: InquiryDeps,
  input: ContactInput,
): Promise<SubmissionResponse> {
  const problem = checkContact(input)
  if (problem) throw badRequest(problem.message, problemFields(problem))
  const inquiryType = inquiryTypeValue(input.inquiry_type || 'General')
  if (!INQUIRY_TYPES.includes(inquiryType)) {
    throw badRequest('Invalid input.', { inquiry_type: [inquiryMessages.invalidChoice] })
  }
  const subject = defaultSubject(input.subject, inquiryType)
  const { id } = await repo.insertContactMessage(deps.db, {
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    company: input.company || null,
    subject,
    message: input.message,
    inquiryType,
  })
  const replyWithin = promiseFor(inquiryType === 'quote' ? 'quotes' : 'general')
  // The copy to the visitor carries only our own words: an address typed into the form must not make
  // us send anyone a text of the typist's choosing (names, subject and message stay out).
  await sendQuietly(deps, {
    to: input.email,
    subject: `We received your message (${inquiryTypeLabel(inquiryType)} inquiry)`,
    template: 'contact-confirmation',
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${site.name}. We received your message #${id} and will reply within ${replyWithin} (business hours ${site.businessHours}).`,
      '',
      'If you did not write to us, you can ignore this e-mail.',
      ...signature,
    ].join('\n'),
  })
  await sendQuietly(deps, {
    to: site.salesEmail,
    replyTo: input.email,
    subject: `Contact message #${id}: ${subject}`,
    template: 'contact-notification',
    text: [
      `From: ${input.name} <${input.email}>`,
      `Phone: ${input.phone || '-'}`,
      `Company: ${input.company || '-'}`,
      `Type: ${inquiryTypeLabel(inquiryType)}`,
      '',
      input.message,
    ].join('\n'),
  })
  return { success: true, message: inquiryMessages.contactSent, id }
}

// ---------------------------------------------------------------------------------------------------
// Project inquiry

export const requirementsFileRule: UploadRule = {
  kinds: [...REQUIREMENTS_FILE.extensions],
  maxBytes: REQUIREMENTS_FILE.maxBytes,
  tooLargeMessage: inquiryMessages.requirementsTooLarge,
  badTypeMessage: inquiryMessages.requirementsBadType,
  area: 'requirements',
}

function zodFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) (fields[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message)
  return fields
}

/**
 * Checks a brief read from its multipart form (the requirements file already streamed to storage with
 * `requirementsFileRule`) with the spec's messages, stores it and confirms it to the contact. A rejected
 * brief keeps no file.
 */
export async function submitProjectInquiry(
  deps: InquiryDeps & { storage: FileStorage },
  { fields, files }: MultipartResult,
): Promise<SubmissionResponse> {
  const file = files.requirements_file
  try {
    const parsed = projectInquiryFieldsSchema.safeParse(fields)
    if (!parsed.success) throw badRequest('Invalid input.', zodFields(parsed.error.issues))
    const input = parsed.data
    const problem = checkProjectInquiry(input)
    if (problem) throw badRequest(problem.message, problemFields(problem))
    const features = parseFeatures(input.features)
    if (!features.ok) throw badRequest('Invalid input.', { features: [features.error] })

    const { id } = await repo.insertProjectInquiry(deps.db, {
      projectName: input.project_name,
      contactName: input.contact_name,
      contactEmail: input.contact_email,
      contactPhone: input.contact_phone || null,
      company: input.company || null,
      projectType: input.project_type || null,
      budgetRange: input.budget_range || null,
      preferredDeadline: input.preferred_deadline || null,
      features: features.features,
      description: input.description,
      requirementsFileKey: file?.key ?? null,
      requirementsFileName: file?.originalName ?? null,
      requirementsFileSize: file?.size ?? null,
    })
    const summary = [
      `Project: ${input.project_name}`,
      `Type: ${input.project_type ? projectTypeLabels[input.project_type] : 'Not specified'}`,
      `Budget: ${input.budget_range ? budgetRangeLabels[input.budget_range] : 'Not specified'}`,
      `Preferred deadline: ${input.preferred_deadline || 'Not specified'}`,
      `Features: ${features.features.length > 0 ? features.features.join(', ') : 'None selected'}`,
      `Requirements file: ${file ? file.originalName : 'None'}`,
    ]
    await sendQuietly(deps, {
      to: input.contact_email,
      subject: `We received your project brief #${id}`,
      template: 'project-inquiry-confirmation',
      text: [
        'Hello,',
        '',
        `Thank you for telling us about your project (brief #${id}). Here is what happens next:`,
        `1. Initial review within ${promiseFor('general')}.`,
        `2. A proposal with scope, timeline and cost within ${promiseFor('quotes')}.`,
        '3. A kickoff call once you are happy with the proposal.',
        '',
        // Only the choices made from our own lists (and a checked date) go back to the address given.
        ...summary.slice(1, 5),
        '',
        'If you did not send us a project brief, you can ignore this e-mail.',
        ...signature,
      ].join('\n'),
    })
    await sendQuietly(deps, {
      to: site.salesEmail,
      replyTo: input.contact_email,
      subject: `Project inquiry #${id}: ${input.project_name}`,
      template: 'project-inquiry-notification',
      text: [
        `From: ${input.contact_name} <${input.contact_email}>`,
        `Phone: ${input.contact_phone || '-'}`,
        `Company: ${input.company || '-'}`,
        ...summary,
        '',
        input.description,
      ].join('\n'),
    })
    return { success: true, message: inquiryMessages.projectSubmitted, id }
  } catch (error) {
    await discardFiles(deps.storage, files)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------------
// Franchise application

export interface FranchiseInput {
  full_name: string
  email: string
  phone: string
  country: string
  city: string
  business_experience: '' | keyof typeof franchiseChoiceLabels.business_experience
  investment_capacity: '' | keyof typeof franchiseChoiceLabels.investment_capacity
  current_business: string
  why_franchise: string
  timeline: '' | keyof typeof franchiseChoiceLabels.timeline
  additional_info: string
}

export function toFranchiseApplication(row: repo.FranchiseApplicationRow): FranchiseApplication {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    city: row.city,
    business_experience: row.businessExperience,
    investment_capacity: row.investmentCapacity,
    current_business: row.currentBusiness,
    why_franchise: row.whyFranchise,
    timeline: row.timeline,
    additional_info: row.additionalInfo,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }
}

export async function submitFranchiseApplication(
  deps: InquiryDeps,
  input: FranchiseInput,
): Promise<{ success: true; message: string; application: FranchiseApplication }> {
  const problem = checkFranchiseApplication(input)
  if (problem) throw badRequest(problem.message, problemFields(problem))
  const row = await repo.insertFranchiseApplication(deps.db, {
    fullName: input.full_name,
    email: input.email,
    phone: input.phone,
    country: input.country,
    city: input.city || null,
    businessExperience: input.business_experience || null,
    investmentCapacity: input.investment_capacity || null,
    currentBusiness: input.current_business || null,
    whyFranchise: input.why_franchise || null,
    timeline: input.timeline || null,
    additionalInfo: input.additional_info || null,
  })
  const details = [
    `Location: ${[input.city, input.country].filter(Boolean).join(', ')}`,
    `Business experience: ${input.business_experience ? franchiseChoiceLabels.business_experience[input.business_experience] : 'Not specified'}`,
    `Investment capacity: ${input.investment_capacity ? franchiseChoiceLabels.investment_capacity[input.investment_capacity] : 'Not specified'}`,
    `Timeline: ${input.timeline ? franchiseChoiceLabels.timeline[input.timeline] : 'Not specified'}`,
  ]
  await sendQuietly(deps, {
    to: input.email,
    subject: `Your ${site.name} franchise application`,
    template: 'franchise-confirmation',
    text: [
      'Hello,',
      '',
      `Thank you for applying to run a ${site.name} franchise (application #${row.id}). Our partnerships team will contact you within ${promiseFor('general')} to arrange an introductory call.`,
      '',
      // The choices from our own lists only; the typed location stays out.
      ...details.slice(1),
      '',
      'If you did not apply, you can ignore this e-mail.',
      ...signature,
    ].join('\n'),
  })
  await sendQuietly(deps, {
    to: site.salesEmail,
    replyTo: input.email,
    subject: `Franchise application #${row.id}: ${input.full_name} (${input.country})`,
    template: 'franchise-notification',
    text: [
      `From: ${input.full_name} <${input.email}>`,
      `Phone: ${input.phone}`,
      ...details,
      `Current business: ${input.current_business || '-'}`,
      '',
      `Why a franchise: ${input.why_franchise || '-'}`,
      `Additional information: ${input.additional_info || '-'}`,
    ].join('\n'),
  })
  return {
    success: true,
    message: inquiryMessages.franchiseSubmitted,
    application: toFranchiseApplication(row),
  }
}
