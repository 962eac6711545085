/** Cheap password hashing keeps tests fast; production uses the configured cost (2^17). */
export const TEST_PASSWORD_HASH_COST = 10

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
