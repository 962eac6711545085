/**
 * The company's public facts in one place: the site, the e-mails it sends and the assistant all read
 * them from here, so a rebrand is one edit.
 */
export const site = {
  name: 'Cypher',
  legalName: 'Cypher Software Services',
  tagline: 'Smart. Secure. Scalable Digital Solutions.',
  founded: 2020,
  supportEmail: 'support@cypher.example',
  salesEmail: 'hello@cypher.example',
  phone: '+20 100 555 0142',
  /** WhatsApp number in international format without '+' or spaces, as wa.me expects. */
  whatsappNumber: '201005550142',
  whatsappGreeting: "Hello! I'm interested in your services and would like to know more.",
  businessHours: 'Mon-Fri 9:00-18:00',
  social: {
    facebook: 'https://www.facebook.com/',
    linkedin: 'https://www.linkedin.com/',
    x: 'https://x.com/',
    instagram: 'https://www.instagram.com/',
    github: 'https://github.com/',
  },
} as const

export function whatsappChatUrl(): string {
  return `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(site.whatsappGreeting)}`
}
