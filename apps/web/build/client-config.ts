import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, PreviewServer } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, while a workspace
// package would be loaded by Node as-is, and Node 20 cannot load the shared package's .ts.
import {
  CLIENT_CONFIG_ELEMENT_ID,
  CLIENT_CONFIG_PROFILES,
  type ClientConfig,
} from '../../../packages/shared/src/config.ts';
import { GUEST_HTML } from './own-pages.ts';

/** The literal placeholder in index.html that the server (or these plugins) replaces. */
export const CONFIG_PLACEHOLDER = '<!--tenantry-config-->';

export function devClientConfig(origin: string): ClientConfig {
  const profile = process.env.APP_ENV === 'test' ? 'test' : 'production';
  return { ...CLIENT_CONFIG_PROFILES[profile], authDomain: origin };
}

/** A JSON data block (not executed, so CSP-safe). `<` is escaped so the JSON cannot close the tag. */
export function configScriptTag(config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
}

function originOf(host: string | undefined, fallbackPort: number): string {
  return `http://${host ?? `localhost:${fallbackPort}`}`;
}

/**
 * Injects the client config block in `vite dev` (the production server does the same on its
 * own) and in `vite preview`, so the built app can be looked at without the API server.
 */
export function clientConfigPlugin(): Plugin {
  return {
    name: 'tenantry-client-config',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        // Only in dev: the built index.html keeps the placeholder for the server.
        if (!ctx.server) return html;
        const local = ctx.server.resolvedUrls?.local[0];
        const origin = local
          ? new URL(local).origin
          : originOf(undefined, ctx.server.config.server.port ?? 5173);
        return html.replace(CONFIG_PLACEHOLDER, configScriptTag(devClientConfig(origin)));
      },
    },
    configurePreviewServer(server: PreviewServer) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? '/';
        const accept = req.headers.accept ?? '';
        // The guest pages' entry (ownPagesPlugin rewrote their paths to it) gets the block too.
        const page = url.split('?')[0] === `/${GUEST_HTML}` ? GUEST_HTML : 'index.html';
        const isAsset = page === 'index.html' && /\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
        const isApi = url.startsWith('/api/') || url.startsWith('/version.json');
        if (req.method !== 'GET' || isApi || isAsset || !accept.includes('text/html'))
          return next();
        try {
          const html = await readFile(path.join(outDir, page), 'utf8');
          const origin = originOf(req.headers.host, server.config.preview.port ?? 4173);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(html.replace(CONFIG_PLACEHOLDER, configScriptTag(devClientConfig(origin))));
        } catch (err) {
          next(err);
        }
      });
    },
  };
}
