import type { Office } from '@/contract/offices'
import type { Executor } from '../../db/client'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
import * as repo from './repository'

export function toOffice(row: repo.OfficeRow): Office {
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    phone: row.phone,
    email: row.email,
    lat: row.lat,
    lng: row.lng,
  }
}

/** The company's offices, first office first. */
export async function listOffices(db: Executor, page: number) {
  return loadPage(page, PAGE_SIZE.default, (window) => repo.listOffices(db, window), toOffice)
}
