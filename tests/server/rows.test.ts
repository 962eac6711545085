import { and, asc, desc, eq, ilike } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../server/db/client'
import {
  allRows,
  emptyAsNull,
  firstOf,
  firstRow,
  insertRow,
  listPage,
  partialValues,
  rowExists,
  rowsById,
  updateRows,
} from '../../server/db/rows'
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

describe('the one-row reads and writes', () => {
  it('firstRow answers the first row that matches, undefined for none, and can lock it', async () => {
    const row = await firstRow(handle.db, offices, eq(offices.title, 'Rows B'))
    expect(row?.address).toBe('Street 1')
    expect(await firstRow(handle.db, offices, eq(offices.title, 'No such office'))).toBeUndefined()
    const locked = await handle.db.transaction((tx) =>
      firstRow(tx, offices, eq(offices.title, 'Rows C'), 'update'),
    )
    expect(locked?.position).toBe(102)
  })

  it('firstOf answers the first row a joined select keeps, undefined for none', async () => {
    const joined = () =>
      handle.db
        .select({ client: clients, email: users.email })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.userId))
        .$dynamic()
    const [first] = await handle.db.select().from(clients).orderBy(asc(clients.id)).limit(1)
    const row = await firstOf(joined(), eq(clients.id, first?.id ?? -1))
    expect(row?.client).toEqual(first)
    expect(typeof row?.email).toBe('string')
    expect(await firstOf(joined(), eq(clients.id, -1))).toBeUndefined()
  })

  it('allRows answers every row that matches in order, at most `limit` when given', async () => {
    const all = await allRows(handle.db, offices, mine, [desc(offices.position)])
    expect(all.map((row) => row.title)).toEqual([...TITLES].reverse())
    const active = await allRows(handle.db, offices, and(mine, eq(offices.isActive, true)), byPosition, 2)
    expect(active.map((row) => row.title)).toEqual(['Rows A', 'Rows C'])
    expect(await allRows(handle.db, offices, eq(offices.title, 'No such office'), byPosition)).toEqual([])
  })

  it('rowExists tells whether any row matches', async () => {
    expect(await rowExists(handle.db, offices, and(mine, eq(offices.isActive, false)))).toBe(true)
    expect(await rowExists(handle.db, offices, eq(offices.title, 'No such office'))).toBe(false)
  })

  it('insertRow answers the stored row; updateRows answers the changed row, undefined for none', async () => {
    const row = await insertRow(
      handle.db,
      offices,
      { title: 'Rows Z', address: 'Street Z', position: 200 },
      'insert returned no office',
    )
    expect(row).toMatchObject({ title: 'Rows Z', address: 'Street Z', position: 200 })
    const changed = await updateRows(handle.db, offices, eq(offices.id, row.id), { address: 'Street Y' })
    expect(changed).toMatchObject({ id: row.id, title: 'Rows Z', address: 'Street Y' })
    expect(await updateRows(handle.db, offices, eq(offices.id, -1), { address: 'Nowhere' })).toBeUndefined()
    await handle.db.delete(offices).where(eq(offices.id, row.id))
  })

  it('rowsById finds, inserts, updates and removes one row by its id', async () => {
    const rows = rowsById(offices, 'office')
    const row = await rows.insert(handle.db, { title: 'Rows Y', address: 'Street Y', position: 201 })
    expect(await rows.find(handle.db, row.id)).toEqual(row)
    expect(await rows.update(handle.db, row.id, { position: 202 })).toMatchObject({
      id: row.id,
      position: 202,
    })
    expect(await rows.update(handle.db, row.id, {})).toMatchObject({ id: row.id, position: 202 })
    await rows.remove(handle.db, row.id)
    expect(await rows.find(handle.db, row.id)).toBeUndefined()
    expect(await rows.update(handle.db, row.id, { position: 203 })).toBeUndefined()
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
