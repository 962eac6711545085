/** Spec 001 §4 "App tabs". */
export const APP_TABS = ['overview', 'analytics', 'activity', 'settings'] as const
export type AppTab = (typeof APP_TABS)[number]
