import { create } from 'qrcode'
import { useMemo } from 'react'

/** A QR code of `value` drawn as one SVG path (crisp at any print size), with the standard quiet zone. */
export function CertificateQr({ value, size }: { value: string; size: number }) {
  const { path, extent } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' })
    const quiet = 4
    let d = ''
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`
      }
    }
    return { path: d, extent: modules.size + quiet * 2 }
  }, [value])
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={`QR code: ${value}`}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#0b1120" />
    </svg>
  )
}
