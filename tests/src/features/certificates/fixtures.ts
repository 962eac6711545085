import type { Certificate } from '../../../../src/contract/certificates'

export function certificate(overrides: Partial<Certificate> = {}): Certificate {
  const serial = overrides.serial_number ?? 'CYP-2026-PROF-K7M2QX'
  return {
    serial_number: serial,
    recipient_name: 'Layla Hassan',
    recipient_email: 'l•••@example.com',
    course_name: 'Secure Web Development',
    course_description: 'OWASP Top 10 and secure code review.',
    certificate_type: 'professional',
    grade: 'A',
    credits: 24,
    skills: ['Threat modelling', 'Code review'],
    completion_date: '2026-03-01',
    issue_date: '2026-03-05',
    expiry_date: null,
    verification_status: 'valid',
    is_valid: true,
    metadata: { duration_hours: 40, instructor: 'Nadia Farouk', location: 'Cairo' },
    issuer: { name: 'Cypher Certification Authority', title: 'Chief Executive Officer' },
    organization: { name: 'Cypher', logo_url: null, website: 'https://cypher.example' },
    revoked_at: null,
    revocation_reason: null,
    created_at: '2026-03-05T10:00:00.000Z',
    signature: { algorithm: 'Ed25519', key_id: '5cfb8d540cdd6291', value: 'c2ln', verified: true },
    verification_url: `https://cypher.example/certificate/${serial}`,
    ...overrides,
  }
}
