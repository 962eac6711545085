import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ProjectCard } from '../../../src/components/project-card'
import { renderWithRouter } from '../helpers/render'
import { countries, projectItem, tools } from '../helpers/project-fixtures'

const card = () => screen.getByTestId('project-card')

describe('ProjectCard', () => {
  it("shows 'Featured' when the order is 3 or lower, and not at 4", async () => {
    const { unmount } = await renderWithRouter(() => <ProjectCard item={projectItem({ order: 3 })} />)
    expect(within(card()).getByText('Featured')).toBeInTheDocument()
    unmount()
    await renderWithRouter(() => <ProjectCard item={projectItem({ order: 4 })} />)
    expect(within(card()).queryByText('Featured')).not.toBeInTheDocument()
  })

  it('draws its badges and texts without inline CSS variables (the /projects list styles 20 of them, issue 31)', async () => {
    await renderWithRouter(() => (
      <ProjectCard
        item={projectItem({
          order: 1,
          year: 2022,
          tech_tools: tools(['Flutter', 'Firebase', 'Node.js', 'Redis']),
        })}
      />
    ))
    expect(within(card()).getByText('Featured')).toBeInTheDocument()
    expect(within(card()).getByText('2022')).toBeInTheDocument()
    expect(within(card()).getByText('+1 more')).toBeInTheDocument()
    const inlineVariables = [...card().querySelectorAll('[style]')].filter((element) =>
      /--(badge|text)-/.test(element.getAttribute('style') ?? ''),
    )
    expect(inlineVariables).toEqual([])
  })

  it('draws its heading, View Details and store links without inline CSS variables (issue 31)', async () => {
    await renderWithRouter(() => (
      <ProjectCard
        item={projectItem({
          project: {
            name: 'Souqly',
            android_url: 'https://play.google.com/store/apps/details?id=souqly',
            website_url: 'https://souqly.example.com',
          },
        })}
      />
    ))
    // Same elements and Mantine classes as Title, Button and ActionIcon: the look comes from Mantine's rules.
    const heading = within(card()).getByRole('heading', { name: 'Souqly' })
    expect(heading).toHaveClass('mantine-Title-root')
    expect(heading).toHaveAttribute('data-size', 'h4')
    const details = within(card()).getByRole('link', { name: 'View Details: Souqly' })
    expect(details).toHaveAttribute('href', '/projects/souqly')
    expect(details).toHaveClass('mantine-Button-root', 'mantine-UnstyledButton-root', 'mantine-active')
    expect(details).toHaveAttribute('data-variant', 'light')
    const website = within(card()).getByRole('link', { name: 'Souqly website' })
    expect(website).toHaveAttribute('href', 'https://souqly.example.com')
    expect(website).toHaveAttribute('target', '_blank')
    expect(website).toHaveClass('mantine-ActionIcon-root')
    expect(website).toHaveAttribute('data-size', 'lg')
    expect(within(card()).getByRole('link', { name: 'Souqly on Google Play' })).toBeInTheDocument()
    const inlineVariables = [...card().querySelectorAll('[style]')].filter((element) =>
      /--(button|ai|title)-/.test(element.getAttribute('style') ?? ''),
    )
    expect(inlineVariables).toEqual([])
  })

  it("shows 2 flags and '+N' for the other countries, with a globe for an unknown one", async () => {
    await renderWithRouter(() => (
      <ProjectCard
        item={projectItem({ project: { countries: countries(['Narnia', 'ARE', 'Egypt', 'SA', 'QAT']) } })}
      />
    ))
    const flags = screen.getByTestId('country-flags')
    const shown = within(flags).getAllByRole('img')
    // An unknown country shows the globe icon; a known one its flag (the WebP twin of the SVG).
    expect(shown[0]?.tagName).toBe('svg')
    expect(shown[0]).toHaveAccessibleName('Unknown country')
    expect(shown[1]).toHaveAttribute('src', '/flags/AE.webp')
    expect(shown[1]).toHaveAccessibleName('United Arab Emirates')
    expect(within(flags).getByText('+3')).toHaveAccessibleName('3 more countries')
  })

  it("shows no '+N' with 2 countries or fewer", async () => {
    await renderWithRouter(() => (
      <ProjectCard item={projectItem({ project: { countries: countries(['EG', 'AE']) } })} />
    ))
    expect(within(screen.getByTestId('country-flags')).getAllByRole('img')).toHaveLength(2)
    expect(screen.queryByText(/^\+\d/)).not.toBeInTheDocument()
  })

  it("shows 3 tools and '+N more'", async () => {
    await renderWithRouter(() => (
      <ProjectCard
        item={projectItem({ tech_tools: tools(['Flutter', 'Firebase', 'Node.js', 'Redis', 'AWS']) })}
      />
    ))
    const list = screen.getByLabelText('Technologies')
    expect(within(list).getByText('Flutter')).toBeInTheDocument()
    expect(within(list).getByText('Node.js')).toBeInTheDocument()
    expect(within(list).queryByText('Redis')).not.toBeInTheDocument()
    expect(within(list).getByText('+2 more')).toBeInTheDocument()
  })

  it('shows year, type and name, and the Application default for a project without a type', async () => {
    await renderWithRouter(() => <ProjectCard item={projectItem({ year: 2022, project: { type: null } })} />)
    expect(within(card()).getByText('2022')).toBeInTheDocument()
    expect(within(card()).getByText('Application')).toBeInTheDocument()
    expect(within(card()).getByRole('heading', { name: 'Souqly' })).toBeInTheDocument()
  })

  it('links View Details to the key, or to the slug of the name without a key', async () => {
    const { unmount } = await renderWithRouter(() => <ProjectCard item={projectItem()} />)
    expect(screen.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/projects/souqly')
    unmount()
    const { router } = await renderWithRouter(() => (
      <ProjectCard item={projectItem({ project: { key: null, name: 'Tasleem Delivery & Co' } })} />
    ))
    const link = screen.getByRole('link', { name: /View Details/ })
    expect(link).toHaveAttribute('href', '/projects/tasleem-delivery-and-co')
    await userEvent.click(link)
    expect(await screen.findByTestId('navigated')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/projects/tasleem-delivery-and-co')
  })

  it('shows store and website icons from the project fields or its typed links, opening new tabs', async () => {
    await renderWithRouter(() => (
      <ProjectCard
        item={projectItem({
          project: { android_url: 'https://play.google.com/store/apps/details?id=x' },
          links: [
            {
              id: 1,
              link_type: 'app_store',
              url: 'https://apps.apple.com/app/x',
              title: '',
              description: '',
            },
            { id: 2, link_type: 'github', url: 'https://github.com/x', title: '', description: '' },
          ],
        })}
      />
    ))
    expect(screen.getByRole('link', { name: 'Souqly on Google Play' })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'Souqly on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/x',
    )
    expect(screen.queryByRole('link', { name: 'Souqly website' })).not.toBeInTheDocument()
  })
})
