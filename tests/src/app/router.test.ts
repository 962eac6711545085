import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadPageCode, router } from '@/app/router'

/** The route ids whose code `loadPageCode` asks for (nothing is actually loaded). */
function requested(pathname: string, staff: boolean): string[] {
  const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(Promise.resolve())
  loadPageCode(pathname, { staff })
  return load.mock.calls.map(([route]) => route.id)
}

describe('loadPageCode', () => {
  afterEach(() => vi.restoreAllMocks())

  it("asks for the code of every route of a portal page, the guard's layout included", () => {
    expect(requested('/dashboard', false)).toEqual(expect.arrayContaining(['/_portal', '/_portal/dashboard']))
    expect(requested('/project/3', false)).toContain('/_portal/project/$id')
  })

  it("never asks for the staff console's code for anyone but staff", () => {
    const client = requested('/staff/tickets', false)
    expect(client).toContain('/_portal')
    expect(client.filter((id) => id.startsWith('/_portal/staff'))).toEqual([])
    expect(requested('/staff/tickets', true)).toEqual(
      expect.arrayContaining(['/_portal/staff', '/_portal/staff/tickets/']),
    )
  })
})
