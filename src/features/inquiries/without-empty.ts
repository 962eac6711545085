/** Drops empty optional fields: the forms send only what the visitor filled in (spec 000 §3). */
export function withoutEmpty(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v.trim() !== ''))
}
