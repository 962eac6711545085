import { site } from './site'

export interface PageMeta {
  title: string
  description: string
  /** Absolute or site-relative image for link previews. */
  image?: string
  /** Search engines should not index this page (portal, auth and result pages). */
  noindex?: boolean
}

const defaultDescription =
  'Cypher builds secure web, mobile, AI and cloud software for businesses worldwide, from offices in Egypt, the UAE and Chicago.'

/** Titles and descriptions of the static routes; the server puts them in the HTML, the renderer in document.title. */
export const staticPageMeta: Record<string, PageMeta> = {
  '/': { title: `${site.name} | ${site.tagline}`, description: defaultDescription },
  '/about': {
    title: `About Us | ${site.name}`,
    description:
      'Founded in Egypt in 2020 as a cybersecurity consultancy, now delivering secure software worldwide.',
  },
  '/services': {
    title: `Services | ${site.name}`,
    description:
      'Web development, mobile apps, AI, digital marketing, consultation, cybersecurity, cloud, UI/UX, ERP/CRM and OTP messaging.',
  },
  '/projects': {
    title: `Projects | ${site.name}`,
    description: 'Case studies of apps and platforms we have delivered.',
  },
  '/clients': {
    title: `Clients | ${site.name}`,
    description: 'Companies that trust us with their software.',
  },
  '/partners': { title: `Partners | ${site.name}`, description: 'Our technology and business partners.' },
  '/blog': {
    title: `Blog | ${site.name}`,
    description: 'Articles on software, security, AI and product building.',
  },
  '/careers': { title: `Careers | ${site.name}`, description: 'Join our team: open positions and benefits.' },
  '/contact': {
    title: `Contact | ${site.name}`,
    description: `Talk to us: ${site.businessHours}, general enquiries answered within 24 hours.`,
  },
  '/start-project': {
    title: `Start Your Project | ${site.name}`,
    description: 'Send us a project brief and receive a proposal within 48 hours.',
  },
  '/franchise': {
    title: `Franchise | ${site.name}`,
    description: 'Apply to run a Cypher franchise in your country.',
  },
  '/privacy': {
    title: `Privacy Policy | ${site.name}`,
    description: 'How we collect, use and protect your data.',
  },
  '/certificate': {
    title: `Verify a Certificate | ${site.name}`,
    description: 'Check a training certificate by its serial number.',
  },
  '/certificate-management': {
    title: `Certificate Management | ${site.name}`,
    description: 'Issue and revoke signed training certificates.',
    noindex: true,
  },
  '/domain-search': {
    title: `Domain Search | ${site.name}`,
    description: 'Find and register your domain name.',
  },
  '/login': { title: `Sign In | ${site.name}`, description: 'Sign in to your client portal.' },
  '/register': {
    title: `Create Account | ${site.name}`,
    description: 'Create your client portal account.',
  },
  '/forgot-password': {
    title: `Forgot Password | ${site.name}`,
    description: 'Recover your account.',
    noindex: true,
  },
  '/otp-verification': {
    title: `Verify Code | ${site.name}`,
    description: 'Enter the 6-digit code we sent you.',
    noindex: true,
  },
  '/reset-password': {
    title: `Reset Password | ${site.name}`,
    description: 'Choose a new password.',
    noindex: true,
  },
  '/verify-email': {
    title: `Verify Email | ${site.name}`,
    description: 'Confirm your email address.',
    noindex: true,
  },
  '/dashboard': { title: `Dashboard | ${site.name}`, description: 'Your client portal.', noindex: true },
  '/wallet': {
    title: `Client Wallet | ${site.name}`,
    description: 'Your balance, transactions, referrals and saved cards.',
    noindex: true,
  },
  '/billing': {
    title: `Billing history | ${site.name}`,
    description: 'Your orders, payments, refunds and receipts.',
    noindex: true,
  },
  '/settings': {
    title: `Account settings | ${site.name}`,
    description: 'Your profile, email address, password, two-step sign-in and sessions.',
    noindex: true,
  },
  '/confirm-email': {
    title: `Confirm Email | ${site.name}`,
    description: 'Confirm your new email address.',
    noindex: true,
  },
  '/create-app': {
    title: `Create App | ${site.name}`,
    description: 'Create a messaging app.',
    noindex: true,
  },
  '/payment/fail': {
    title: `Payment Failed | ${site.name}`,
    description: 'Your payment did not go through.',
    noindex: true,
  },
}

export const fallbackPageMeta: PageMeta = { title: site.name, description: defaultDescription, noindex: true }
