// The whole drizzle schema, one module per area; drizzle-kit and the runtime both read this file.
export * from './schema/accounts'
export * from './schema/analytics'
export * from './schema/system'
