/*
 * The payments module's queries, one file per table group; `import * as repo from './repository'`
 * reaches them all.
 */
export * from './orders-repository'
export * from './checkouts-repository'
export * from './events-repository'
export * from './customers-repository'
