import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { i18nCataloguesPlugin } from './build/i18n-catalogues.ts';

export default defineProject({
  plugins: [react(), i18nCataloguesPlugin()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Component tests share two cores with the server suite's databases: a screen that renders
    // in 300 ms alone can take seconds then. Waits are for a result, never a fixed delay.
    testTimeout: 30_000,
    unstubGlobals: true,
  },
});
