/** Storage keys: the spec names `accessToken`; the user is kept beside it so a reload knows who was signed in.
 * Their own module: the entry (src/main.tsx) reads the user key without loading the session. */
export const ACCESS_TOKEN_KEY = 'accessToken'
export const USER_KEY = 'user'
