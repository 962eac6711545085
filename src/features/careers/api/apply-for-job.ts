import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobApplicationResponseSchema, type ApplicantExperience } from '@/contract/careers'
import { apiRequest } from '@/lib/api-client'

export interface JobApplicationInput {
  jobId: number
  name: string
  email: string
  experience: ApplicantExperience
  /** '' when none was given. */
  phoneNumber: string
  summary: string
  cv: File
}

export function applyForJob(input: JobApplicationInput) {
  const form = new FormData()
  form.append('name', input.name.trim())
  form.append('email', input.email.trim())
  form.append('experience', input.experience)
  form.append('career_id', String(input.jobId))
  // Optional fields are left out when empty.
  if (input.phoneNumber) form.append('phone_number', input.phoneNumber)
  if (input.summary.trim()) form.append('summary', input.summary.trim())
  form.append('cv', input.cv, input.cv.name)
  return apiRequest(`/api/public/careers/${input.jobId}/apply/`, {
    method: 'POST',
    form,
    schema: jobApplicationResponseSchema,
  })
}

/** Applies; the job's application count is refreshed afterwards. */
export function useApplyForJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyForJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['careers'] }),
  })
}
