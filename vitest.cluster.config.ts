import path from 'node:path'
import { defineConfig } from 'vitest/config'

// `npm run test:cluster`: two server instances on the machine's PostgreSQL and Redis (tests/cluster).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
