import type { ProductCategory } from '@/contract/projects'
import type { Executor } from '../../db/client'
import { loadPage, PAGE_SIZE } from '../../lib/pagination'
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
  return loadPage(page, PAGE_SIZE.default, (window) => repo.listCategories(db, window), toProductCategory)
}
