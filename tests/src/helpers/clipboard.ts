import { beforeEach } from 'vitest'

/** Replaces the clipboard in every test of the file; the returned list holds what each test copied. */
export function stubClipboard(): string[] {
  const copied: string[] = []
  beforeEach(() => {
    copied.length = 0
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    })
  })
  return copied
}
