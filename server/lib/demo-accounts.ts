/**
 * The published demo accounts of ARCHITECTURE §4 (README lists them). Their passwords are public, so
 * rules about them live here, beside the seed that creates them: the start-up guard refuses them on a
 * public address, and the demo staff account alone may skip two-factor on loopback.
 */
export const DEMO_CLIENT = { email: 'demo@example.com', password: 'DemoPass!2026' }
export const DEMO_STAFF = { email: 'staff@example.com', password: 'StaffPass!2026' }
/** A second client company with a project of its own: what one client may not see of another's. */
export const SECOND_CLIENT = { email: 'northwind@example.com', password: 'NorthwindPass!2026' }
