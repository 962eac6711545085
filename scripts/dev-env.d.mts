export declare const DEV_WEB_URL: string
export declare const DEV_API_PORT: number
export declare function devApiEnv(env?: Record<string, string | undefined>): Record<
  string,
  string | undefined
> & {
  NODE_ENV: string
  PORT: string
  PUBLIC_URL: string
  LOG_LEVEL: string
}
