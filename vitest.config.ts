import { defineConfig } from 'vitest/config';

// Each workspace is a Vitest project with its own environment (node / happy-dom).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
