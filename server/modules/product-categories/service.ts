import type { ProductCategory } from '@/contract/projects'
import type { Executor } from '../../db/client'
import { PAGE_SIZE, pageWindow } from '../../lib/pagination'
import * as repo from './repository'

export function toProductCategory(row: repo.ProductCategoryRow): ProductCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export async function listCategories(db: Executor, page: number) {
  const pageSize = PAGE_SIZE.default
  const { count, rows } = await repo.listCategories(db, pageWindow(page, pageSize))
  return { count, pageSize, results: rows.map(toProductCategory) }
}
