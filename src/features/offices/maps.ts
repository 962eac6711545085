/** The office block's fixed map facts: the Egypt office near 6th of October City. */
export const DEFAULT_MAP_LOCATION = {
  lat: 29.9726,
  lng: 30.943,
  coordinates: '29.9726° N, 30.9430° E',
  plusCode: 'XWFV+25 6th of October City, Giza',
} as const

/** Google Maps URLs (documented "Maps URLs" API): one opens the place, one starts directions. */
export function mapsViewUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`
}
export function mapsDirectionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`
}
