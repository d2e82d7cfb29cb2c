import { defineProject } from 'vitest/config';

// The server's Vitest project (listed by the root vitest.config.ts). Each test file gets its own
// database copied from a template migrated once in globalSetup: PGlite by default, PostgreSQL
// when TEST_DATABASE_URL is set.
export default defineProject({
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    // bench/rls holds the row-level-security prototype (ADR 0008); its test runs here too.
    include: ['src/**/*.test.ts', '../../bench/rls/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
