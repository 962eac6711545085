import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, vi } from 'vitest'
import { toast } from '../../../src/components/toast'

/** Toasts live in a module-level store: after each test, none stays on screen or queued. */
export function clearToastsAfterEach() {
  afterEach(() => {
    notifications.clean()
  })
}

/** Spies on toast.error and toast.success in each test, and clears the toast store after it. */
export function spyOnToasts() {
  clearToastsAfterEach()
  beforeEach(() => {
    vi.spyOn(toast, 'error')
    vi.spyOn(toast, 'success')
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
}
