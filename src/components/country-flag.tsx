import { IconWorld } from '@tabler/icons-react'
import { useState } from 'react'
import { countryName, normaliseCountryCode, UNKNOWN_COUNTRY } from '@/contract/countries'
import { shownImage } from '@/lib/shown-image'

/**
 * A country's flag as a small picture (the SVG's WebP twin, served from /flags/, made at build time): emoji flags show as
 * two letters on Windows and as empty boxes where no emoji font is installed. Unknown countries, and
 * flags that fail to load, show a globe.
 */
export function CountryFlag({ code, size = 14 }: { code: string | null | undefined; size?: number }) {
  const alpha2 = normaliseCountryCode(code)
  const [failed, setFailed] = useState(false)
  const label = countryName(code) || 'Unknown country'
  if (alpha2 === UNKNOWN_COUNTRY || failed) {
    return <IconWorld size={size + 2} aria-label={label} role="img" style={{ flexShrink: 0 }} />
  }
  return (
    <img
      src={shownImage(`/flags/${alpha2}.svg`)}
      alt={label}
      title={label}
      width={Math.round(size * 1.5)}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      style={{ borderRadius: 2, flexShrink: 0, display: 'inline-block', verticalAlign: 'middle' }}
    />
  )
}
