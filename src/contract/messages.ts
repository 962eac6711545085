/** Texts the spec fixes; screens and server both use these so a wording change happens once. */
export const messages = {
  requiredFields: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  passwordsDoNotMatch: 'Passwords do not match.',
  strongerPassword: 'Please choose a stronger password.',
  agreeTerms: 'Please agree to the terms and conditions.',
  loginFailed: 'Login failed',
  loginFailedCredentials: 'Login failed. Please check your credentials.',
  loginFailedRetry: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed.',
  registrationFailedRetry: 'Registration failed. Please try again.',
  noToken: 'No authentication token found. Please login again.',
  invalidResponse: 'Invalid response format from server',
  verifyingAuth: 'Verifying authentication...',
  crashTitle: 'Something went wrong',
  crashReload: 'Reload Application',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  htmlResponse: (status: number) =>
    `Authentication failed or endpoint not found (${status}). Please login again.`,
  redirectingTo: (provider: string) => `Redirecting to ${provider}...`,
} as const
