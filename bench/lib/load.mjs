// An open-model load generator: requests are sent on a fixed schedule whatever the server's speed, and
// latency is measured from the scheduled time, so a slow server cannot hide its queueing.
import http from 'node:http'

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * `method` and `body` (called for every request: a string, or `{headers, body}` when the request needs
 * its own headers, such as a signature) send a body with each request; GET without one otherwise.
 */
export async function constantRate({
  url,
  headers = {},
  rps,
  seconds,
  warmupSeconds = 2,
  method = 'GET',
  body,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const target = new URL(url)
  const send = () =>
    new Promise((resolve) => {
      const prepared = body ? body() : undefined
      const own = typeof prepared === 'object' ? prepared : { headers: {}, body: prepared }
      const request = http.request(
        {
          agent,
          method,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: { ...headers, ...own.headers },
        },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode))
        },
      )
      request.on('error', () => resolve(0))
      request.end(own.body)
    })

  const run = async (duration, record) => {
    const total = Math.round(rps * duration)
    const interval = 1000 / rps
    const start = performance.now()
    const latencies = []
    let errors = 0
    const statuses = {}
    const inflight = []
    for (let i = 0; i < total; i++) {
      const scheduled = start + i * interval
      const wait = scheduled - performance.now()
      if (wait > 1) await new Promise((r) => setTimeout(r, wait))
      inflight.push(
        send().then((status) => {
          if (!record) return
          latencies.push(performance.now() - scheduled)
          if (status < 200 || status >= 400) {
            errors += 1
            statuses[status] = (statuses[status] ?? 0) + 1
          }
        }),
      )
    }
    await Promise.all(inflight)
    return { latencies, errors, statuses, elapsed: (performance.now() - start) / 1000 }
  }

  await run(warmupSeconds, false)
  const { latencies, errors, statuses, elapsed } = await run(seconds, true)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    /** Failed answers by status (0: no answer). */
    errorStatuses: statuses,
    achievedRps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
  }
}

export const ms = (value) => `${value.toFixed(1)} ms`
