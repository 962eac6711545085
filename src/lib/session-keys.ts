/** Storage keys: the spec names `accessToken`; the user is kept beside it so a reload knows who was signed in.
 * Their own module: the entry (src/main.tsx) reads the user key without loading the session. */
export const ACCESS_TOKEN_KEY = 'accessToken'
export const USER_KEY = 'user'
/** Set once the 2 s splash has been shown in this browser session (spec 000: it plays once). */
export const SPLASH_SHOWN_KEY = 'cypher-splash-shown'
