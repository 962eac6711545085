import type { MenuItemConstructorOptions } from 'electron'

/**
 * The application menu: the usual roles (edit for copy and paste, window, and the macOS app menu).
 * DevTools and reload are for development only: a packaged build has neither.
 */
export function menuTemplate(options: { packaged: boolean; platform: NodeJS.Platform; name: string }) {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
  if (!options.packaged) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' })
  const template: MenuItemConstructorOptions[] = [
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ]
  if (options.platform === 'darwin') template.unshift({ label: options.name, role: 'appMenu' })
  else template.unshift({ label: 'File', submenu: [{ role: 'quit' }] })
  return template
}
