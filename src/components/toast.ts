import { notifications } from '@mantine/notifications'

/** The spec's toasts: green success, red error; 3 s unless a screen says 4 s or 5 s. */
export const toast = {
  success(message: string, durationMs = 3000) {
    notifications.show({ message, color: 'signal', autoClose: durationMs, withCloseButton: true })
  },
  error(message: string, durationMs = 3000) {
    notifications.show({ message, color: 'red', autoClose: durationMs, withCloseButton: true })
  },
  info(message: string, durationMs = 3000) {
    notifications.show({ message, color: 'blue', autoClose: durationMs, withCloseButton: true })
  },
}
