/** Only same-app paths are followed after sign-in; anything else (other origins, '//host') goes to the dashboard. */
export function safeRedirectPath(target: unknown, fallback = '/dashboard'): string {
  if (typeof target !== 'string') return fallback
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
  if (target.startsWith('/login') || target.startsWith('/register')) return fallback
  return target
}
