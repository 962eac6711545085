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

describe("the portal guard's pending panel", () => {
  it('does not hold a ready page back for the router’s default half second once it has shown', () => {
    const portal = router.routesById['/_portal'].options
    // Shown after a short wait; once shown, kept only long enough not to flash (the default 500 ms kept
    // a cold offline start's dashboard hidden after its check had ended).
    expect(portal.pendingMs).toBe(150)
    expect(portal.pendingMinMs).toBe(200)
  })
})
