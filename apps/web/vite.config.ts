import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientConfigPlugin, precompressPlugin, versionFilePlugin } from './vite-plugins.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';
const api = { target: API_TARGET, changeOrigin: false };

export default defineConfig({
  plugins: [react(), clientConfigPlugin(), versionFilePlugin(), precompressPlugin()],
  server: { proxy: { '/api': api, '/version.json': api } },
  // Preview serves the built dist/version.json itself; only the API is proxied.
  preview: { proxy: { '/api': api } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Route screens are lazy chunks; the entry holds the shell (React, router, Mantine core,
    // TanStack Query, the auth client). Budget: ≤ 300 KB gzip (docs/architecture.md, Quality bars).
    chunkSizeWarningLimit: 900,
  },
});
