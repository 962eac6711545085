import { Center, Text } from '@mantine/core'
import { useState, type CSSProperties } from 'react'
import { apiFileUrl } from '@/lib/api-url'
import { shownImage } from '@/lib/shown-image'

const PLACEHOLDER = '/images/placeholder.svg'

interface ImageProps {
  src: string | null | undefined
  alt: string
  width: number
  height: number
  /** Shown instead of the placeholder image: a first-letter badge for logos and tech icons. */
  letterFallback?: string
  style?: CSSProperties
  className?: string
  eager?: boolean
}

/** An image that is lazy, sized (no layout shift) and falls back to a placeholder or a first letter. */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  letterFallback,
  style,
  className,
  eager,
}: ImageProps) {
  const [failed, setFailed] = useState(!src)
  if (failed && letterFallback !== undefined) {
    return (
      <Center
        w={width}
        h={height}
        bg="dark.5"
        style={{ borderRadius: 'var(--mantine-radius-md)', flexShrink: 0, ...style }}
        className={className}
        role="img"
        aria-label={alt}
      >
        <Text fw={800} c="signal.4" fz={Math.max(12, Math.round(Math.min(width, height) * 0.45))}>
          {letterFallback.trim().charAt(0).toUpperCase() || '?'}
        </Text>
      </Center>
    )
  }
  return (
    <img
      src={failed || !src ? PLACEHOLDER : apiFileUrl(shownImage(src))}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
      style={{
        objectFit: 'cover',
        maxWidth: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        ...style,
      }}
    />
  )
}
