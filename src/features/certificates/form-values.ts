import {
  CERTIFICATE_TYPE_CODES,
  DEFAULT_ISSUER,
  parseCredits,
  skillList,
  type CertificateCreateRequest,
  type CertificateType,
} from '@/contract/certificates'
import { site } from '@/contract/site'
import type { CertificateFaceData } from './components/certificate-face'

export interface CertificateFormValues {
  recipient_name: string
  recipient_email: string
  course_name: string
  course_description: string
  certificate_type: CertificateType
  completion_date: string
  issue_date: string
  expiry_date: string
  grade: string
  credits: string
  skills: string
  issuer_name: string
  issuer_title: string
  organization_name: string
  organization_website: string
}

/** Today in the visitor's calendar, as the date inputs read it. */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 10)
}

/** Spec §4: a fresh form has both dates set to today and the type training. */
export function emptyCertificateForm(): CertificateFormValues {
  const today = todayIso()
  return {
    recipient_name: '',
    recipient_email: '',
    course_name: '',
    course_description: '',
    certificate_type: 'training',
    completion_date: today,
    issue_date: today,
    expiry_date: '',
    grade: '',
    credits: '',
    skills: '',
    issuer_name: '',
    issuer_title: '',
    organization_name: '',
    organization_website: '',
  }
}

/** The create payload of spec §3, with issuer and organization only when the form gives them. */
export function toCreatePayload(v: CertificateFormValues): CertificateCreateRequest {
  const issuer =
    v.issuer_name.trim() || v.issuer_title.trim()
      ? { name: v.issuer_name.trim(), title: v.issuer_title.trim() }
      : undefined
  const organization =
    v.organization_name.trim() || v.organization_website.trim()
      ? { name: v.organization_name.trim(), logo_url: null, website: v.organization_website.trim() || null }
      : undefined
  return {
    recipient_name: v.recipient_name.trim(),
    recipient_email: v.recipient_email.trim(),
    course_name: v.course_name.trim(),
    course_description: v.course_description.trim(),
    completion_date: v.completion_date,
    issue_date: v.issue_date,
    expiry_date: v.expiry_date || null,
    certificate_type: v.certificate_type,
    grade: v.grade.trim(),
    credits: v.credits.trim() === '' ? null : v.credits.trim(),
    skills: skillList(v.skills),
    metadata: {},
    verification_status: 'valid',
    is_valid: true,
    is_verified: true,
    ...(issuer ? { issuer } : {}),
    ...(organization ? { organization } : {}),
  }
}

/** Spec §2.8: the live preview, with a placeholder serial and the placeholder issuer until given. */
export function toPreview(v: CertificateFormValues, origin: string): CertificateFaceData {
  const year = (v.issue_date || todayIso()).slice(0, 4)
  const serial = `CYP-${year}-${CERTIFICATE_TYPE_CODES[v.certificate_type]}-XXXXXX`
  return {
    serial_number: serial,
    recipient_name: v.recipient_name.trim(),
    course_name: v.course_name.trim(),
    course_description: v.course_description,
    certificate_type: v.certificate_type,
    grade: v.grade.trim(),
    credits: parseCredits(v.credits) ?? null,
    skills: skillList(v.skills),
    completion_date: v.completion_date,
    issue_date: v.issue_date,
    expiry_date: v.expiry_date || null,
    issuer: {
      name: v.issuer_name.trim() || DEFAULT_ISSUER.name,
      title: v.issuer_title.trim() || DEFAULT_ISSUER.title,
    },
    organization: { name: v.organization_name.trim() || site.name, logo_url: null, website: null },
    verification_url: `${origin}/certificate/${serial}`,
  }
}
