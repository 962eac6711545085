import type { AssistantSource } from '@/contract/assistant'
import {
  CLIENT_RATING,
  COMPANY_FOUNDERS,
  COMPANY_VALUES,
  IMPACT_FIGURES,
  PROJECTS_DELIVERED,
} from '@/contract/company'
import { type Service } from '@/contract/services'
import { site } from '@/contract/site'

/** A question we answer the same way every time; its facts come from the site's own constants. */
export interface FaqEntry {
  id: string
  title: string
  /** Words a visitor might use for it; searched along with the title and the answer. */
  keywords: string
  answer: string
  sources: AssistantSource[]
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

function impact(label: string): string {
  return IMPACT_FIGURES.find((f) => f.label === label)?.value ?? ''
}

/** The FAQ we wrote for the assistant; anything not here or in the content is answered honestly as unknown. */
export function buildFaq(services: Service[]): FaqEntry[] {
  const withSupport = services
    .map((s) => ({ service: s, line: s.deliverables.find((d) => /post-launch support/i.test(d)) }))
    .filter((s): s is { service: Service; line: string } => s.line !== undefined)
  const withCode = services.filter((s) => s.deliverables.some((d) => /source code/i.test(d)))
  const consultation = services.find((s) => s.slug === 'technical-consultation')

  const entries: FaqEntry[] = [
    {
      id: 'identity',
      title: 'Who am I talking to?',
      keywords: 'who are you bot robot human real person assistant chatgpt ai assistant',
      answer: `I'm the ${site.name} AI Assistant. I answer from this website's own content: services, prices, projects, careers and contact details. For anything else our team is happy to help at ${site.salesEmail}.`,
      sources: [{ title: 'Contact', url: '/contact' }],
    },
    {
      id: 'franchise',
      title: 'Franchise opportunities',
      keywords: 'franchise franchising partner own branch invest investment open office country',
      answer: `Yes, we offer franchises. Read the benefits and next steps and send an application on the Franchise page; our team contacts you within 24 hours.`,
      sources: [{ title: 'Franchise', url: '/franchise' }],
    },
    {
      id: 'certificate',
      title: 'Verify a certificate',
      keywords: 'certificate certification verify verification serial number training course valid',
      answer: 'You can check a certificate by its serial number on the Verify a Certificate page.',
      sources: [{ title: 'Verify a Certificate', url: '/certificate' }],
    },
    {
      id: 'domains',
      title: 'Domain names',
      keywords: 'domain domains register registration dns name com buy',
      answer:
        'Yes: search for a domain name and register it on the Domain Search page; registered domains and their DNS are managed from the client portal.',
      sources: [{ title: 'Domain Search', url: '/domain-search' }],
    },
    {
      id: 'portal',
      title: 'Client portal',
      keywords: 'portal account login log sign signup register dashboard client area track progress',
      answer:
        'Clients sign in to the client portal to follow their projects, milestones and support tickets, manage messaging apps and packages, their wallet and their domains. Create an account on the Sign Up page or sign in on the Login page.',
      sources: [
        { title: 'Login', url: '/login' },
        { title: 'Sign Up', url: '/register' },
      ],
    },
    {
      id: 'payments',
      title: 'Payment methods',
      keywords: 'pay payment payments card credit visa mastercard paymob fawry wallet invoice method',
      answer:
        'In the client portal you can pay by card, Paymob or Fawry, and keep a prepaid wallet with saved cards.',
      sources: [{ title: 'Login', url: '/login' }],
    },
    {
      id: 'support',
      title: 'Help with an existing project',
      keywords: 'support ticket tickets bug issue problem existing project help maintenance broken',
      answer: `Clients open support tickets from their project in the client portal. You can also email ${site.supportEmail}.`,
      sources: [{ title: 'Login', url: '/login' }],
    },
    {
      id: 'newsletter',
      title: 'Newsletter',
      keywords: 'newsletter subscribe updates mailing list unsubscribe',
      answer: 'Subscribe to our newsletter with your e-mail address at the bottom of the Blog page.',
      sources: [{ title: 'Blog', url: '/blog' }],
    },
    {
      id: 'blog',
      title: 'Blog and articles',
      keywords: 'blog article articles posts read news insights',
      answer: 'Our Blog has articles on software, security, AI and product building.',
      sources: [{ title: 'Blog', url: '/blog' }],
    },
    {
      id: 'privacy',
      title: 'Privacy and your data',
      keywords: 'privacy data personal information gdpr policy cookies protect',
      answer:
        'Our Privacy Policy explains how we collect, use and protect your data. This site sets no tracking cookies.',
      sources: [{ title: 'Privacy Policy', url: '/privacy' }],
    },
    {
      id: 'partners',
      title: 'Partners',
      keywords: 'partners partnership technology business partner',
      answer: 'Our technology and business partners are listed on the Partners page.',
      sources: [{ title: 'Partners', url: '/partners' }],
    },
    {
      id: 'clients',
      title: 'Clients and track record',
      keywords:
        'clients customers testimonials reviews rating track record experience trust worked countries',
      answer: `We have delivered ${impact('Projects')} projects for ${impact('Clients')} clients in ${impact('Countries')} countries, and clients rate us ${CLIENT_RATING}. See testimonials on the Clients page.`,
      sources: [{ title: 'Clients', url: '/clients' }],
    },
    {
      id: 'founders',
      title: 'Founders',
      keywords: 'founder founders ceo cto owner leadership management who runs',
      answer: `${site.name} was founded by ${list(COMPANY_FOUNDERS.map((f) => `${f.name} (${f.role})`))}.`,
      sources: [{ title: 'About Us', url: '/about' }],
    },
    {
      id: 'values',
      title: 'Why choose us',
      keywords: 'why choose different values approach better trust quality',
      answer: `Our values: ${list(COMPANY_VALUES.map((v) => v.title))}. We have ${PROJECTS_DELIVERED.toLowerCase()} and a ${CLIENT_RATING} client rating.`,
      sources: [{ title: 'About Us', url: '/about' }],
    },
  ]
  if (withSupport.length > 0) {
    entries.push({
      id: 'post-launch',
      title: 'Support after launch',
      keywords: 'after launch maintenance warranty support post-launch bugs updates',
      answer: `Post-launch support is included: ${list(withSupport.map((s) => `${s.line.replace(/ of post-launch support/i, '')} for ${s.service.title}`))}. After that, clients open support tickets in the portal.`,
      sources: withSupport.map((s) => ({ title: s.service.title, url: `/services/${s.service.slug}` })),
    })
  }
  if (withCode.length > 0) {
    entries.push({
      id: 'source-code',
      title: 'Source code ownership',
      keywords: 'source code own ownership repository github intellectual property ip',
      answer: `Yes: the source code is part of the deliverables for ${list(withCode.map((s) => s.title))}, handed over in your repository.`,
      sources: withCode.map((s) => ({ title: s.title, url: `/services/${s.slug}` })),
    })
  }
  if (consultation?.promo) {
    entries.push({
      id: 'free-call',
      title: 'Free first call',
      keywords: 'free call first meeting scoping initial consultation cost nothing',
      answer: `${consultation.promo.text} Schedule it on the Contact page.`,
      sources: [
        { title: consultation.title, url: `/services/${consultation.slug}` },
        { title: 'Contact', url: '/contact' },
      ],
    })
  }
  return entries
}
