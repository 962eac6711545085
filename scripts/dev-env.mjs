/**
 * `npm run dev`: Vite serves the site on 8080 and proxies /api to the API on 8081, rewriting the Host
 * header to the API's own. The site's address is Vite's, so the API takes it as its public URL: sign-in
 * checks the page's Origin against it (a proxied call would otherwise be refused as cross-site), and the
 * links it writes (e-mails, gateway returns) lead back to the page the developer has open.
 */
export const DEV_WEB_URL = 'http://127.0.0.1:8080'
export const DEV_API_PORT = 8081

/** The API's environment under `npm run dev`; PUBLIC_URL and LOG_LEVEL may be set by the developer. */
export function devApiEnv(env = process.env) {
  return {
    ...env,
    NODE_ENV: 'development',
    PORT: String(DEV_API_PORT),
    PUBLIC_URL: env.PUBLIC_URL ?? DEV_WEB_URL,
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
  }
}
