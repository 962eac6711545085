import {
  CERTIFICATE_FACE,
  certificateTypeLabels,
  type Certificate,
  type VerificationStatus,
} from '@/contract/certificates'
import { formatDate } from '@/lib/format'
import { CertificateQr } from './certificate-qr'
import classes from './certificate-face.module.css'

/** What the face draws: a verified certificate, or the creation form's live preview. */
export type CertificateFaceData = Pick<
  Certificate,
  | 'serial_number'
  | 'recipient_name'
  | 'course_name'
  | 'course_description'
  | 'certificate_type'
  | 'grade'
  | 'credits'
  | 'skills'
  | 'completion_date'
  | 'issue_date'
  | 'expiry_date'
  | 'issuer'
  | 'organization'
  | 'verification_url'
> & { verification_status?: VerificationStatus }

/** Spec §2.7: the description only up to 100 characters, skills only when there are 1 to 6. */
export function faceContent(c: Pick<CertificateFaceData, 'course_description' | 'skills'>) {
  const description = c.course_description.trim()
  return {
    description: description && description.length <= CERTIFICATE_FACE.descriptionLimit ? description : null,
    skills: c.skills.length >= 1 && c.skills.length <= CERTIFICATE_FACE.skillsLimit ? c.skills : null,
  }
}

/** '24 hours', '1 hour', '1.5 hours'. */
export function creditHours(credits: number): string {
  return `${credits} ${credits === 1 ? 'hour' : 'hours'}`
}

const watermarks: Partial<Record<VerificationStatus, string>> = { revoked: 'REVOKED', expired: 'EXPIRED' }

/** The certificate itself, at A4 landscape size; exports (PDF, PNG) draw exactly this element. */
export function CertificateFace({ certificate: c }: { certificate: CertificateFaceData }) {
  const { description, skills } = faceContent(c)
  const watermark = c.verification_status ? watermarks[c.verification_status] : undefined
  return (
    <div className={classes.face} data-certificate={c.serial_number}>
      <div className={classes.frame}>
        <p className={classes.organization}>{c.organization.name}</p>
        <h2 className={classes.heading}>Certificate of {certificateTypeLabels[c.certificate_type]}</h2>
        <p className={classes.lead}>This is to certify that</p>
        <p className={classes.recipient}>{c.recipient_name || 'Recipient Name'}</p>
        <p className={classes.lead}>has successfully completed</p>
        <p className={classes.course}>{c.course_name || 'Course Name'}</p>
        {description && <p className={classes.description}>{description}</p>}
        {skills && (
          <ul className={classes.skills} aria-label="Skills">
            {skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        )}
        <dl className={classes.facts}>
          <div className={classes.fact}>
            <dt>Completed</dt>
            <dd>{formatDate(c.completion_date)}</dd>
          </div>
          <div className={classes.fact}>
            <dt>Issued</dt>
            <dd>{formatDate(c.issue_date)}</dd>
          </div>
          {c.expiry_date && (
            <div className={classes.fact}>
              <dt>Valid until</dt>
              <dd>{formatDate(c.expiry_date)}</dd>
            </div>
          )}
          {c.credits !== null && (
            <div className={classes.fact}>
              <dt>Credits</dt>
              <dd>{creditHours(c.credits)}</dd>
            </div>
          )}
          {c.grade && (
            <div className={classes.fact}>
              <dt>Grade</dt>
              <dd>{c.grade}</dd>
            </div>
          )}
        </dl>
        <div className={classes.footer}>
          <div className={classes.signature}>
            <div className={classes.signatureName}>{c.issuer.name}</div>
            <div className={classes.small}>{c.issuer.title}</div>
            <div className={classes.small}>{c.organization.name}</div>
          </div>
          <div className={classes.seal} aria-hidden>
            DIGITALLY
            <br />
            SIGNED
          </div>
          <div className={classes.verify}>
            <div>
              <div className={classes.small}>Serial number</div>
              <div className={classes.serial}>{c.serial_number}</div>
              <div className={classes.url}>Scan or visit {c.verification_url} to verify</div>
            </div>
            <CertificateQr value={c.verification_url} size={104} />
          </div>
        </div>
      </div>
      {watermark && (
        <div className={classes.watermark} aria-hidden>
          {watermark}
        </div>
      )}
    </div>
  )
}
