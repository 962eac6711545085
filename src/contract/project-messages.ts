/** The projects area's texts (spec 000 §8), apart from the schemas so a screen can show them without loading zod. */
export const projectMessages = {
  fetchProjects: 'Failed to fetch projects',
  fetchProject: 'Failed to fetch project',
  fetchFeatured: 'Failed to fetch featured projects',
  notFound: 'Project not found',
  empty: 'No projects found',
} as const
