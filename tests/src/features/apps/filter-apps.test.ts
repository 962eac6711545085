import { describe, expect, it } from 'vitest'
import { filterApps } from '../../../../src/features/apps/filter-apps'
import { app } from '../../helpers/portal-fixtures'

describe('filterApps', () => {
  const apps = [
    app({ id: 1, name: 'Order Alerts', status: 'active' }),
    app({ id: 2, name: 'Newsletter', description: 'Monthly news', status: 'maintenance' }),
    app({ id: 3, name: 'Legacy OTP', status: 'inactive' }),
  ]
  it('filters by status and by name or description', () => {
    expect(filterApps(apps, { status: 'all', search: '' })).toHaveLength(3)
    expect(filterApps(apps, { status: 'maintenance', search: '' }).map((a) => a.id)).toEqual([2])
    expect(filterApps(apps, { status: 'all', search: 'MONTHLY' }).map((a) => a.id)).toEqual([2])
    expect(filterApps(apps, { status: 'active', search: 'news' })).toEqual([])
  })
})
