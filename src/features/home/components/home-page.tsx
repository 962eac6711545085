import type { UseQueryOptions } from '@tanstack/react-query'
import type { ProjectList } from '@/contract/projects'
import { ClosingCta } from './closing-cta'
import { FeaturedProjects } from './featured-projects'
import { HomeHero } from './home-hero'
import { HomeServices } from './home-services'
import { SocialBlock } from './social-block'
import { TechStrip } from './tech-strip'

export function HomePage<Key extends readonly unknown[]>({
  projectsQuery,
}: {
  projectsQuery: UseQueryOptions<ProjectList, Error, ProjectList, Key>
}) {
  return (
    <>
      <HomeHero />
      <HomeServices />
      <TechStrip />
      <FeaturedProjects query={projectsQuery} />
      <SocialBlock />
      <ClosingCta />
    </>
  )
}
