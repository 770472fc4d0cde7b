import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The prepared databases every test app starts from (src/test/templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database; PGlite instances are memory-hungry, so keep files to two at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
