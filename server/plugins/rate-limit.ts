import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { ApiError } from '../lib/errors'

/** Named limits per client IP; routes opt in with `config: { rateLimit: limits.login }`. */
export const limits = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60_000 },
  refresh: { max: 60, timeWindow: 60_000 },
  recovery: { max: 5, timeWindow: 15 * 60_000 },
  codeCheck: { max: 10, timeWindow: 15 * 60_000 },
  publicForm: { max: 10, timeWindow: 10 * 60_000 },
  assistant: { max: 20, timeWindow: 60_000 },
  analytics: { max: 120, timeWindow: 60_000 },
  lookup: { max: 30, timeWindow: 60_000 },
} satisfies Record<string, RateLimitOptions>

/** Counters live in Redis when REDIS_URL is set, so every API instance enforces the same limit. */
export default fp<{ redisUrl?: string | undefined }>(
  async (app, { redisUrl }) => {
    const redis = redisUrl
      ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'cypher-rl-' } : {}),
      // A Redis outage must not lock every visitor out.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          429,
          `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    })
    if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  },
  { name: 'rate-limit' },
)
