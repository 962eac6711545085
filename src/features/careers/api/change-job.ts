import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  staffJobSchema,
  type CreateJobInput,
  type StaffJob,
  type UpdateJobInput,
} from '@/contract/careers-staff'
import { apiRequest } from '@/lib/api-client'

const send = (path: string, method: 'POST' | 'PATCH', json?: unknown) =>
  apiRequest(path, { method, json, schema: staffJobSchema, auth: true })

export const createJob = (input: CreateJobInput) => send('/api/staff/content/jobs/', 'POST', input)
export const updateJob = ({ id, changes }: { id: number; changes: UpdateJobInput }) =>
  send(`/api/staff/content/jobs/${id}/`, 'PATCH', changes)
export const setJobPublished = ({ id, published }: { id: number; published: boolean }) =>
  send(`/api/staff/content/jobs/${id}/${published ? 'publish' : 'unpublish'}/`, 'POST')

/** Every change answers the whole job: it replaces the cached one and the lists refresh. */
export function useJobChange<Input>(mutationFn: (input: Input) => Promise<StaffJob>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (job) => {
      queryClient.setQueryData(['staff', 'job', job.id], job)
      void queryClient.invalidateQueries({ queryKey: ['staff', 'jobs'] })
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
    },
  })
}
