/** The header's links, in the spec's order (spec 000, Shared layout). */
export const headerLinks = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/services', label: 'Services' },
  { href: '/projects', label: 'Projects' },
  { href: '/clients', label: 'Clients' },
  { href: '/partners', label: 'Partners' },
  { href: '/blog', label: 'Blog' },
  { href: '/careers', label: 'Careers' },
  { href: '/franchise', label: 'Franchise' },
  { href: '/certificate', label: 'Certificate' },
  { href: '/contact', label: 'Contact' },
] as const

export function isActivePath(current: string, href: string): boolean {
  return href === '/' ? current === '/' : current === href || current.startsWith(`${href}/`)
}
