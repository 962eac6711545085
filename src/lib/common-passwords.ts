import { isGuessablePassword } from '@/contract/password'

let loading: Promise<ReadonlySet<string>> | null = null

/** The common-password list (about 44 KB gzipped): loaded on first use, by the screens that set a password. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('virtual:common-passwords').then(
    ({ default: list }) => new Set(list.split('\n')),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * A check for common or obvious passwords (the list, context words, the person's own name). When the
 * list cannot load (offline), the check passes and the server, which always checks, decides.
 */
export async function guessableCheck(personalWords: string[] = []): Promise<(password: string) => boolean> {
  try {
    const common = await loadCommonPasswords()
    return (password) => isGuessablePassword(password, common, personalWords)
  } catch {
    return () => false
  }
}
