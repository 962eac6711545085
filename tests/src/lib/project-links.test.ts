import { describe, expect, it } from 'vitest'
import { limitList, projectStoreLinks } from '../../../src/lib/project-links'
import { projectItem } from '../helpers/project-fixtures'

describe('project links', () => {
  it('limitList splits a list at the limit and counts the rest', () => {
    expect(limitList([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2, 3], extra: 2 })
    expect(limitList([1], 3)).toEqual({ shown: [1], extra: 0 })
  })

  it('projectStoreLinks separates store and website links from the others', () => {
    const links = projectStoreLinks(
      projectItem({
        project: { website_url: 'https://site.example.com' },
        links: [
          { id: 1, link_type: 'website', url: 'https://other.example.com', title: '', description: '' },
          { id: 2, link_type: 'demo', url: 'https://demo.example.com', title: '', description: '' },
          { id: 3, link_type: 'documentation', url: 'https://docs.example.com', title: '', description: '' },
        ],
      }),
    )
    expect(links.website).toBe('https://site.example.com')
    expect(links.playStore).toBeNull()
    expect(links.others.map((l) => l.link_type)).toEqual(['demo', 'documentation'])
  })
})
