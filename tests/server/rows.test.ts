import { asc, eq, ilike } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../server/db/client'
import { emptyAsNull, listPage, partialValues } from '../../server/db/rows'
import { clients, offices, users } from '../../server/db/schema'
import { openTestDatabase } from './helpers/test-app'

let handle: DatabaseHandle
const TITLES = ['Rows A', 'Rows B', 'Rows C', 'Rows D', 'Rows E']

beforeAll(async () => {
  handle = await openTestDatabase()
  await handle.db
    .insert(offices)
    .values(
      TITLES.map((title, i) => ({ title, address: `Street ${i}`, position: 100 + i, isActive: i % 2 === 0 })),
    )
})
afterAll(() => handle.close())

const mine = ilike(offices.title, 'Rows %')
const byPosition = [asc(offices.position)]

describe('listPage', () => {
  it('with no filter keeps every row and counts them all', async () => {
    const all = await handle.db.select().from(offices)
    const page = await listPage(handle.db, handle.db.select().from(offices).$dynamic(), {
      orderBy: byPosition,
      window: { limit: 100, offset: 0 },
    })
    expect(page.count).toBe(all.length)
    expect(page.rows).toHaveLength(all.length)
    const empty = await listPage(handle.db, handle.db.select().from(offices).$dynamic(), {
      where: [],
      orderBy: byPosition,
      window: { limit: 1, offset: 0 },
    })
    expect(empty.count).toBe(all.length)
    expect(empty.rows).toHaveLength(1)
  })

  it('counts the whole filtered list, not the page', async () => {
    const page = await listPage(handle.db, handle.db.select().from(offices).$dynamic(), {
      where: [mine, eq(offices.isActive, true), undefined],
      orderBy: byPosition,
      window: { limit: 2, offset: 0 },
    })
    expect(page.count).toBe(3)
    expect(page.rows.map((row) => row.title)).toEqual(['Rows A', 'Rows C'])
  })

  it('answers the short last page and an empty page past the end with the full count', async () => {
    const query = () => handle.db.select({ title: offices.title }).from(offices).$dynamic()
    const last = await listPage(handle.db, query(), {
      where: mine,
      orderBy: byPosition,
      window: { limit: 2, offset: 4 },
    })
    expect(last).toEqual({ rows: [{ title: 'Rows E' }], count: 5 })
    const past = await listPage(handle.db, query(), {
      where: mine,
      orderBy: byPosition,
      window: { limit: 2, offset: 6 },
    })
    expect(past).toEqual({ rows: [], count: 5 })
  })

  it('pages a joined select whose columns share names', async () => {
    const page = await listPage(
      handle.db,
      handle.db
        .select({ client: clients, user: users })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.userId))
        .$dynamic(),
      { orderBy: [asc(clients.id)], window: { limit: 1, offset: 0 } },
    )
    const all = await handle.db.select().from(clients).innerJoin(users, eq(users.id, clients.userId))
    expect(page.count).toBe(all.length)
    expect(page.rows[0]?.user.id).toBe(page.rows[0]?.client.userId)
  })
})

describe('partialValues', () => {
  interface Input {
    title?: string
    phone?: string | null
    tags?: string[]
    valid_until?: string | null
  }
  interface Values {
    title: string
    phone: string | null
    tags: string[]
    validUntil: Date | null
  }
  const values = partialValues<Input, Values>({
    title: 'title',
    phone: ['phone', emptyAsNull],
    tags: ['tags', (tags) => [...new Set(tags)]],
    valid_until: ['validUntil', (text) => (text === null ? null : new Date(text))],
  })

  it('sets nothing for an empty input', () => {
    expect(values({})).toEqual({})
  })

  it('leaves out undefined fields and sets null ones', () => {
    const set = values({ title: undefined, phone: null, valid_until: null })
    expect(set).toEqual({ phone: null, validUntil: null })
    expect('title' in set).toBe(false)
  })

  it('renames and converts the fields given', () => {
    expect(
      values({ title: 'New', phone: '', tags: ['a', 'a', 'b'], valid_until: '2026-01-02T00:00:00Z' }),
    ).toEqual({
      title: 'New',
      phone: null,
      tags: ['a', 'b'],
      validUntil: new Date('2026-01-02T00:00:00Z'),
    })
  })

  it('ignores input fields it has no rule for', () => {
    const loose = { title: 'T', other: 1 } as Input
    expect(values(loose)).toEqual({ title: 'T' })
  })
})
