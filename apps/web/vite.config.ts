import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  clientConfigPlugin,
  fontPreloadPlugin,
  mantineCriticalStylesPlugin,
  precompressPlugin,
  routePreloadPlugin,
  versionFilePlugin,
} from './vite-plugins.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const api = { target: API_TARGET, changeOrigin: false };

export default defineConfig({
  plugins: [
    react(),
    clientConfigPlugin(),
    versionFilePlugin(),
    routePreloadPlugin(),
    mantineCriticalStylesPlugin(),
    fontPreloadPlugin(),
    precompressPlugin(),
  ],
  server: { proxy: { '/api': api, '/version.json': api } },
  // Preview serves the built dist/version.json itself; only the API is proxied.
  preview: { proxy: { '/api': api } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Route screens are lazy chunks; the entry holds the shell (React, router, Mantine core,
    // TanStack Query, the auth client). Budget: ≤ 300 KB gzip (docs/architecture.md, Quality bars).
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Fewer, larger requests on the first load (each costs a round trip on a phone):
        // everything the entry imports statically is one chunk (no modulepreload fan-out), and
        // code that most route chunks share (Alert, Paper, Title, form inputs…) is one chunk
        // instead of dozens of sub-kilobyte ones. The rest stays split per route, so a page
        // loads only what it uses (the respondent page: entry + common + its own chunk).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'common', minShareCount: 10, priority: 1 },
          ],
        },
      },
    },
  },
});
