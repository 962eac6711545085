import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiRequest } from '@/lib/api-client'

type QueryValue = string | number | boolean | undefined

/**
 * The console's calls for one content kind under /api/staff/content/{path}/: the list with its filters,
 * one entry, and the writes (create, change, publish), each answering the whole entry.
 */
export function contentKindApi<
  Item extends { id: number },
  Filters extends { page: number; search: string } & Record<string, QueryValue>,
  Create,
  Update,
>(kind: {
  path: string
  /** The query-key noun: ['staff', key] is one entry, ['staff', `${key}-list`] the lists. */
  key: string
  itemSchema: z.ZodMiniType<Item>
  listSchema: z.ZodMiniType<{ count: number; next: string | null; previous: string | null; results: Item[] }>
}) {
  const base = `/api/staff/content/${kind.path}/`
  const listKey = ['staff', `${kind.key}-list`]

  const listQuery = (filters: Filters) => ({
    ...filters,
    search: filters.search.trim(),
    page: filters.page > 1 ? filters.page : undefined,
  })

  const useList = (filters: Filters) =>
    useQuery(
      queryOptions({
        queryKey: [...listKey, listQuery(filters)],
        queryFn: () => apiRequest(base, { schema: kind.listSchema, auth: true, query: listQuery(filters) }),
        placeholderData: keepPreviousData,
      }),
    )

  const useOne = (id: number) =>
    useQuery(
      queryOptions({
        queryKey: ['staff', kind.key, id],
        queryFn: () => apiRequest(`${base}${id}/`, { schema: kind.itemSchema, auth: true }),
      }),
    )

  const send = (path: string, method: 'POST' | 'PATCH', json?: unknown) =>
    apiRequest(path, { method, json, schema: kind.itemSchema, auth: true })
  const create = (input: Create) => send(base, 'POST', input)
  const update = ({ id, changes }: { id: number; changes: Update }) => send(`${base}${id}/`, 'PATCH', changes)
  const setPublished = ({ id, published }: { id: number; published: boolean }) =>
    send(`${base}${id}/${published ? 'publish' : 'unpublish'}/`, 'POST')

  /** A write's answer replaces the cached entry; the lists and the audit log refresh. */
  function useChange<Input>(mutationFn: (input: Input) => Promise<Item>) {
    const queryClient = useQueryClient()
    return useMutation({
      mutationFn,
      onSuccess: (item) => {
        queryClient.setQueryData(['staff', kind.key, item.id], item)
        void queryClient.invalidateQueries({ queryKey: listKey })
        void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] })
      },
    })
  }

  return { base, listQuery, useList, useOne, create, update, setPublished, useChange }
}
