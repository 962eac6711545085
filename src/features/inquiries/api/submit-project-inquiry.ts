import { useMutation } from '@tanstack/react-query'
import { submissionResponseSchema } from '@/contract/inquiries'
import { type ProjectInquiryValues } from '@/contract/project-inquiries'
import { withoutEmpty } from '../without-empty'
import { apiRequest } from '@/lib/api-client'

/** Multipart as the spec sends it: optional fields left out when empty, features as JSON text. */
export function projectInquiryForm(values: ProjectInquiryValues, file: File | null): FormData {
  const form = new FormData()
  const fields = withoutEmpty({
    project_name: values.project_name,
    contact_name: values.contact_name,
    contact_email: values.contact_email,
    description: values.description,
    contact_phone: values.contact_phone,
    company: values.company,
    project_type: values.project_type,
    budget_range: values.budget_range,
    preferred_deadline: values.preferred_deadline,
  })
  for (const [name, value] of Object.entries(fields)) form.append(name, value.trim())
  if (values.features.length > 0) form.append('features', JSON.stringify(values.features))
  if (file) form.append('requirements_file', file)
  return form
}

export function submitProjectInquiry({ values, file }: { values: ProjectInquiryValues; file: File | null }) {
  return apiRequest('/api/public/project-inquiry/', {
    method: 'POST',
    form: projectInquiryForm(values, file),
    schema: submissionResponseSchema,
  })
}

export function useSubmitProjectInquiry() {
  return useMutation({ mutationFn: submitProjectInquiry })
}
