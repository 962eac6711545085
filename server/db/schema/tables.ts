// Families of tables that share a shape: each helper builds the table with its shared columns (in the
// order they always stood), the caller's own columns, and the index the family always has. The SQL is
// the same as spelled out (drizzle-kit export is unchanged).
import { index, pgTable } from 'drizzle-orm/pg-core'
import type { AnyPgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core'
import { id, inboxEntry, parentId, singleUseToken } from './columns'

type Columns = Record<string, PgColumnBuilderBase>

/**
 * A message sent to the company that waits in the staff inbox (contact form, project brief, franchise
 * application): its id, what was sent, where it stands in the inbox, and `<table>_created_idx` for the
 * inbox's newest-first list.
 */
export function inboxTable<TName extends string, TColumns extends Columns>(name: TName, columns: TColumns) {
  return pgTable(name, { id: id(), ...columns, ...inboxEntry() }, (t) => [
    index(`${name}_created_idx`).on(t.createdAt),
  ])
}

/** The owner of a child row: the column that points at it, what it points at, and its index's middle name. */
interface Owner<TKey extends string> {
  key: TKey
  references: () => AnyPgColumn
  /** `<table>_<indexName>_idx` is the index on the owner column. */
  indexName: string
}

/**
 * Rows that belong to one owner row and go with it (a project's members, a ticket's attachments, a
 * user's pending e-mail tokens): their id, the owner (cascade), the caller's columns, and an index on
 * the owner so its rows are listed without a scan.
 */
export function ownedTable<TName extends string, TKey extends string, TColumns extends Columns>(
  name: TName,
  owner: Owner<TKey>,
  columns: TColumns,
) {
  const ownerColumn = { [owner.key]: parentId(owner.references) } as Record<TKey, ReturnType<typeof parentId>>
  return pgTable(name, { id: id(), ...ownerColumn, ...columns }, (t) => [
    index(`${name}_${owner.indexName}_idx`).on((t as unknown as Record<TKey, AnyPgColumn>)[owner.key]),
  ])
}

/**
 * A single-use link sent to a user (e-mail change, e-mail verification): owned by the user, with the
 * address it was sent for and the token columns.
 */
export function userTokenTable<TName extends string, TColumns extends Columns>(
  name: TName,
  users: () => AnyPgColumn,
  columns: TColumns,
) {
  return ownedTable(
    name,
    { key: 'userId', references: users, indexName: 'user' },
    {
      ...columns,
      ...singleUseToken(),
    },
  )
}
