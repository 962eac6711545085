import { format } from 'node:util'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// jsdom lacks the layout APIs Mantine reads; these stand-ins answer like a desktop browser.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub
// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it for font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  })
}
window.HTMLElement.prototype.scrollIntoView = () => {}
window.scrollTo = () => {}
Object.defineProperty(window, 'getComputedStyle', { value: window.getComputedStyle, writable: true })

// How long findBy/waitFor wait before failing. Testing Library's 1 s is too short for a render on a
// machine that is running other workers (CI has 2 cores): a budget for waiting, not an assertion.
configure({ asyncUtilTimeout: 5_000 })

// React reports HTML it cannot nest (a <div> inside a <p>) with console.error and renders it anyway; a
// browser parsing the prerendered page moves such an element, and hydration then fails. Such a report
// fails the test that rendered it.
const nestingReports: string[] = []
const reportError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  const text = format(...args).split('\n')[0] ?? ''
  if (/cannot (?:be a descendant of|be a child of|contain a nested)/.test(text)) nestingReports.push(text)
  reportError(...args)
}

afterEach(() => {
  if (nestingReports.length > 0) {
    const reports = nestingReports.splice(0)
    cleanup()
    throw new Error(`React reported invalid HTML nesting: ${reports.join(' | ')}`)
  }
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
})
