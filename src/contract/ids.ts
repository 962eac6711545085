/** The largest id a route or query may name (PostgreSQL integer); larger values are not ids. */
export const MAX_ID = 2_147_483_647
