// The auth module's public face: other modules import only from here.
export { accountSecurityRoutes } from './security-routes'
export { authRoutes, authDeps } from './routes'
export { findUserById, findUserByEmail, setTokensValidAfter } from './repository'
export { deleteTwoFactor } from './two-factor-repository'
export type { UserRow } from './repository'
export { confirmPassword, revokeAllSessions } from './sessions'
export { isUniqueViolation, toClientUser, type AuthDeps, type RegistrationListener } from './service'
export { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './throttle'
