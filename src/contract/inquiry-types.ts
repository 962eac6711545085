/** The contact form's inquiry types (spec 000 §3); General is the default. Kept apart from the form
 * schemas so a route can validate ?type= without loading them. */
export const INQUIRY_TYPE_LABELS = ['General', 'Quote', 'Job', 'Partnership'] as const
export type InquiryTypeLabel = (typeof INQUIRY_TYPE_LABELS)[number]
