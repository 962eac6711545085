import { ACCESS_TOKEN_KEY, USER_KEY } from '../../../src/lib/session'

/** The demo client as the API describes it. */
export const demoUser = {
  id: 1,
  first_name: 'Dana',
  last_name: 'Mercer',
  email: 'demo@example.com',
  company_name: 'Demo Company',
  phone: '',
  role: 'client',
}

/** A stored session, so calls that need one carry `accessToken`. */
export function signedIn(accessToken = 'access-token') {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, accessToken)
  window.localStorage.setItem(USER_KEY, JSON.stringify(demoUser))
}
