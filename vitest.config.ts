import { defineConfig } from 'vitest/config';

// Each workspace is a Vitest project with its own environment (node / happy-dom).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default leaves one of two cores idle. Every server test file has its own
    // database, so files run side by side safely; the long ones (fuzz in two halves, outsider)
    // then share the machine instead of queueing behind each other.
    maxWorkers: 2,
  },
});
