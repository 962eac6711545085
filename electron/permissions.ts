/**
 * Web permissions the renderer may have: writing to the clipboard (copy buttons) only. Everything
 * else (camera, microphone, location, notifications from the page, MIDI, USB...) is denied: the app
 * needs none of it, and native notifications come from the main process.
 */
const ALLOWED = new Set(['clipboard-sanitized-write'])

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  isAppUrl: (url: string) => boolean,
) {
  return ALLOWED.has(permission) && isAppUrl(requestingUrl)
}
