/** A short, human name for the device behind a User-Agent, as the sessions list shows it. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || ''
  if (!ua) return 'Unknown device'
  const desktop = /CypherDesktop\//.test(ua)
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh|darwin/i.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/i.test(ua)
              ? 'Linux'
              : ''
  const on = os ? ` on ${os}` : ''
  if (desktop) return `Cypher desktop app${on}`
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : ''
  if (browser) return `${browser}${on}`
  return os ? `Device${on}` : 'API client'
}
