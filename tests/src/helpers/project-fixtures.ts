import type { ProjectCountry, ProjectDetail, ProjectListItem, TechTool } from '../../../src/contract/projects'

export const tools = (names: string[]): TechTool[] =>
  names.map((name, i) => ({ id: i + 1, name, image: i % 2 === 0 ? `/images/projects/tools/${i}.svg` : null }))

export const countries = (codes: string[]): ProjectCountry[] =>
  codes.map((code, i) => ({ id: i + 1, name: code, code }))

/** A project list item as the API serves it, with overrides for the parts a test is about. */
export function projectItem(
  overrides: Partial<Omit<ProjectListItem, 'project'>> & {
    project?: Partial<ProjectListItem['project']>
  } = {},
): ProjectListItem {
  const { project, ...rest } = overrides
  return {
    id: 7,
    order: 5,
    year: 2024,
    short_description: 'A marketplace for neighbourhood shops.',
    banner_image: '/images/projects/souqly/banner.svg',
    profile: {
      id: 1,
      name: 'Mobile Apps',
      description: '',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
    },
    tech_tools: tools(['Flutter', 'Firebase']),
    images: [1, 2, 3].map((n) => ({ id: n, image: `/images/projects/souqly/screen-${n}.svg` })),
    links: [],
    ...rest,
    project: {
      key: 'souqly',
      name: 'Souqly',
      description: 'Long description.',
      logo: null,
      type: 'Mobile App',
      created_at: '2024-01-01T00:00:00.000Z',
      start_date: '2023-09-04',
      countries: countries(['EG']),
      links: [],
      android_url: null,
      ios_url: null,
      website_url: null,
      profile: 1,
      ...project,
    },
  }
}

export function projectDetail(item: ProjectListItem = projectItem()): ProjectDetail {
  return { ...item, slug: item.project.key ?? 'souqly' }
}
