import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffProjectDetailSchema,
  type CreateMilestoneInput,
  type CreateProjectLinkInput,
  type CreateProjectMemberInput,
  type CreateStaffProjectInput,
  type StaffProjectDetail,
  type UpdateMilestoneInput,
  type UpdateStaffProjectInput,
} from '@/contract/portal-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, method: 'POST' | 'PATCH' | 'DELETE', json?: unknown) =>
  apiRequest(path, { method, json, schema: staffProjectDetailSchema, auth: true })

export const createStaffProject = (input: CreateStaffProjectInput) =>
  send('/api/staff/projects/', 'POST', input)
export const updateStaffProject = ({ id, changes }: { id: number; changes: UpdateStaffProjectInput }) =>
  send(`/api/staff/projects/${id}/`, 'PATCH', changes)
export const addMilestone = ({ project, input }: { project: number; input: CreateMilestoneInput }) =>
  send(`/api/staff/projects/${project}/milestones/`, 'POST', input)
export const updateMilestone = ({ id, changes }: { id: number; changes: UpdateMilestoneInput }) =>
  send(`/api/staff/milestones/${id}/`, 'PATCH', changes)
export const deleteMilestone = (id: number) => send(`/api/staff/milestones/${id}/`, 'DELETE')
export const addProjectLink = ({ project, input }: { project: number; input: CreateProjectLinkInput }) =>
  send(`/api/staff/projects/${project}/links/`, 'POST', input)
export const deleteProjectLink = (id: number) => send(`/api/staff/project-links/${id}/`, 'DELETE')
export const addProjectMember = ({ project, input }: { project: number; input: CreateProjectMemberInput }) =>
  send(`/api/staff/projects/${project}/members/`, 'POST', input)
export const deleteProjectMember = (id: number) => send(`/api/staff/project-members/${id}/`, 'DELETE')

/** Every project change answers the whole project: it replaces the cached one and the lists refresh. */
export function useProjectChange<Input>(mutationFn: (input: Input) => Promise<StaffProjectDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (project) => {
      queryClient.setQueryData(['staff', 'project', project.id], project)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'projects'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
    },
  })
}
