import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientConfigPlugin } from './build/client-config.ts';
import { fontPreloadPlugin } from './build/font-preload.ts';
import { i18nCataloguesPlugin } from './build/i18n-catalogues.ts';
import { mantineCriticalStylesPlugin } from './build/mantine-critical-styles.ts';
import { ownPagesPlugin } from './build/own-pages.ts';
import { pageModules } from './build/page-modules.ts';
import { precompressPlugin } from './build/precompress.ts';
import { respondentServiceWorkerPlugin } from './build/respondent-service-worker.ts';
import { routePreloadPlugin } from './build/route-preload.ts';
import { versionFilePlugin } from './build/version-file.ts';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// The modules of the pages of their own (respondent, guest) stay out of the main app's chunk
// groups (see below).
const pages = pageModules();
const mainAppOnly = (id: string) => !pages.has(id);

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const api = { target: API_TARGET, changeOrigin: false };

export default defineConfig({
  plugins: [
    react(),
    i18nCataloguesPlugin(),
    // Before clientConfigPlugin: its preview fallback would answer /in-progress/* with index.html.
    ownPagesPlugin(),
    pages.plugin,
    clientConfigPlugin(),
    versionFilePlugin(),
    routePreloadPlugin(),
    mantineCriticalStylesPlugin(),
    fontPreloadPlugin(),
    respondentServiceWorkerPlugin(),
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
      // Three pages: the main app; the respondent page (/in-progress/*, served by the server
      // from in-progress.html), which shares React and nothing else with it; and the guest pages
      // (sign-in, sign-up…: the routes with `entry: 'guest'`, served from guest.html), which
      // share React and a few small modules (analytics, the version check, the guards).
      input: {
        index: here('index.html'),
        'in-progress': here('in-progress.html'),
        guest: here('guest.html'),
      },
      output: {
        // Fewer, larger requests on the first load (each costs a round trip on a phone):
        // everything the entry imports statically is one chunk (no modulepreload fan-out), and
        // code that most route chunks share (Alert, Paper, Title, form inputs…) is one chunk
        // instead of dozens of sub-kilobyte ones. The rest stays split per route, so a page
        // loads only what it uses (the respondent page: entry + common + its own chunk).
        codeSplitting: {
          groups: [
            // Shared between pages (build/page-modules.ts): React in `pages-shared`, what
            // the respondent page loads at once but the main app only lazily (micromark) in
            // `respondent-shared`, the guest pages' modules the main app loads in `guest-shared`.
            { name: pages.sharedChunk, debugName: 'pages-shared', priority: 3 },
            { name: pages.i18nChunk, debugName: 'i18n-shared', priority: 2.5 },
            { name: 'boot', tags: ['$initial'], priority: 2, test: mainAppOnly },
            { name: 'common', minShareCount: 10, priority: 1, test: mainAppOnly },
          ],
        },
      },
    },
  },
});
