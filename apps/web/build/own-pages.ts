// The pages of their own beside the main app's index.html: the respondent page
// (in-progress.html) and the guest pages (guest.html).
import type { Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, while a workspace
// package would be loaded by Node as-is, and Node 20 cannot load the shared package's .ts.
import { isGuestPagePath } from '../../../packages/shared/src/routes.ts';

/** The respondent page's HTML entry (vite.config.ts `build.rolldownOptions.input`). */
export const RESPONDENT_HTML = 'in-progress.html';
/** Its service worker, at the root so that it may take the scope /in-progress/. */
export const RESPONDENT_SW = 'in-progress-sw.js';
const RESPONDENT_PATH = /^\/in-progress(?:\/|$)/;

/** The guest pages' HTML entry (routes with `entry: 'guest'` in the shared route table). */
export const GUEST_HTML = 'guest.html';

/**
 * `vite dev` and `vite preview` answer /in-progress/* with in-progress.html and the guest pages
 * (`isGuestPagePath`) with guest.html, as the server does (apps/server/src/http/static-web.ts);
 * every other page stays the main app's.
 */
export function ownPagesPlugin(): Plugin {
  const rewrite = (req: { url?: string; method?: string }, _res: unknown, next: () => void) => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      // The query (the token) stays on the page's own URL; the file is the same for every link.
      if (RESPONDENT_PATH.test(pathname)) req.url = `/${RESPONDENT_HTML}`;
      else if (isGuestPagePath(pathname)) req.url = `/${GUEST_HTML}`;
    }
    next();
  };
  return {
    name: 'tenantry-own-pages',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}
