/**
 * The spec's toasts: green success, red error; 3 s unless a screen says 4 s or 5 s. The notification
 * system loads on the first toast, keeping it out of the first page load.
 */
import { requestNotificationsHost } from './notifications-host'

type Color = 'signal' | 'red' | 'blue'

function show(message: string, color: Color, autoClose: number) {
  requestNotificationsHost()
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      message,
      color,
      autoClose,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': 'Close notification' },
    }),
  )
}

export const toast = {
  success(message: string, durationMs = 3000) {
    show(message, 'signal', durationMs)
  },
  error(message: string, durationMs = 3000) {
    show(message, 'red', durationMs)
  },
  info(message: string, durationMs = 3000) {
    show(message, 'blue', durationMs)
  },
}
