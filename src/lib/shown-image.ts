/**
 * The picture an <img> shows for an image path: the build draws a WebP twin of each SVG picture and flag
 * it ships (scripts/raster-images.ts), since Chromium draws every SVG <img> as a document of its own on
 * the page's main thread. Anything else (uploads, remote pictures, the placeholder) is shown as it is;
 * links to the file (downloads) keep the SVG.
 */
export function shownImage<T extends string | null | undefined>(src: T): T {
  if (typeof src !== 'string' || !TWINNED.test(src)) return src
  return src.replace(/\.svg$/, '.webp') as T
}

/** Kept in step with `hasTwin` in scripts/raster-images.ts (tests/src/lib/shown-image.test.ts). */
const TWINNED = /^\/(?:images\/(?!placeholder\.svg$)[^?#]+|flags\/[A-Z]{2})\.svg$/
