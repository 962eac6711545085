import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ImageField } from '../../../../src/components/staff/image-field'
import { ScreenshotsField } from '../../../../src/components/staff/screenshots-field'
import { StaffPartnersPage } from '../../../../src/features/partners/components/staff/staff-partners-page'
import { PortfolioProjectsPage } from '../../../../src/features/projects/components/staff/portfolio-projects-page'
import type { StaffPartner } from '../../../../src/contract/partners-staff'
import type { StaffPublicProject } from '../../../../src/contract/projects-staff'
import { page, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const SLOW_UI = 20_000
const API = 'http://127.0.0.1:8080'

// The desktop app: the page is app://cypher and the API another origin (issue 27).
const desktop = vi.hoisted(() => ({
  kind: 'desktop' as const,
  apiBaseUrl: 'http://127.0.0.1:8080',
  openExternal: async () => {},
  onDeepLink: () => () => {},
  registerUpdates: () => {},
  keepAppOffline: () => {},
  notifyTicketReply: null,
  session: {
    signIn: vi.fn(),
    refresh: async () => ({ status: 'expired' as const }),
    signOut: async () => {},
  },
}))
vi.mock('../../../../src/platform/current', () => ({ platform: desktop }))

const { serve } = stubApi()

const uploaded = (name: string) => `/api/public/media/content-images/${name}.png`

const partner: StaffPartner = {
  id: 3,
  name: 'Nile Cloud',
  image: uploaded('nile'),
  website: null,
  position: 1,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
}

const project: StaffPublicProject = {
  id: 8,
  name: 'Atlas',
  key: 'atlas',
  path: '/projects/atlas',
  short_description: 'A shop',
  description: 'A shop',
  type: null,
  year: null,
  order: 1,
  start_date: null,
  logo: uploaded('atlas'),
  banner_image: null,
  android_url: null,
  ios_url: null,
  website_url: null,
  category_id: null,
  category: null,
  tech_tools: [],
  images: [],
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

const sources = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src'))

describe(
  "the console's image previews on the desktop load staff uploads from the API's origin",
  {
    timeout: SLOW_UI,
  },
  () => {
    it('an image field and the screenshots shown', async () => {
      const { container } = await renderWithRouter(() => (
        <>
          <ImageField label="Cover image" value={uploaded('cover')} onChange={() => {}} />
          <ScreenshotsField
            label="Screenshots"
            value={[uploaded('shot'), '/images/projects/atlas.svg']}
            onChange={() => {}}
            max={10}
          />
        </>
      ))
      expect(screen.getByRole('img', { name: 'Cover image preview' })).toHaveAttribute(
        'src',
        `${API}${uploaded('cover')}`,
      )
      expect(screen.getByRole('img', { name: 'Screenshot 1' })).toHaveAttribute(
        'src',
        `${API}${uploaded('shot')}`,
      )
      // The app's own files stay in the bundle.
      expect(screen.getByRole('img', { name: 'Screenshot 2' })).toHaveAttribute(
        'src',
        '/images/projects/atlas.svg',
      )
      expect(sources(container).filter((src) => src?.startsWith('/api/'))).toEqual([])
    })

    it("the partners' and portfolio projects' logos in their lists", async () => {
      signedIn()
      serve({
        '/api/staff/content/partners/': page([partner]),
        '/api/staff/content/projects/': page([project]),
        '/api/staff/content/project-options/': { categories: [], tech_tools: [] },
      })
      const { container } = await renderWithRouter(() => (
        <>
          <StaffPartnersPage />
          <PortfolioProjectsPage />
        </>
      ))
      expect(await screen.findByText('Nile Cloud')).toBeInTheDocument()
      expect(await screen.findByText('Atlas')).toBeInTheDocument()
      expect(sources(container)).toEqual(
        expect.arrayContaining([`${API}${uploaded('nile')}`, `${API}${uploaded('atlas')}`]),
      )
      expect(sources(container).filter((src) => src?.startsWith('/api/'))).toEqual([])
    })
  },
)
