import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, while a workspace
// package would be loaded by Node as-is, and Node 20 cannot load the shared package's .ts.
import { ROUTES, routePatternToRegExp } from '../../../packages/shared/src/routes.ts';
import { entryChunkOf, parseScreenModules, staticImports } from './bundle-graph.ts';

/** What a guarded page asks before it renders (features/auth/api/me.ts). */
const ME_URL = '/api/v1/me';
/** Where this browser remembers its last session (features/auth/lib/last-session.ts). */
const LAST_SESSION_KEY = 'tenantry.lastSession';

/**
 * Writes `assets/route-preload-[hash].js`, loaded `async` from index.html before the entry: it
 * matches `location.pathname` against the route table and adds `<link rel="modulepreload">` for
 * the route's screen chunk and the chunks (and stylesheets) it imports beyond the entry's. The
 * screen then downloads alongside the entry instead of after it has run (and, on a guarded
 * page, after /api/v1/me has answered). A page that needs a session does so only when this
 * browser was signed in last time (features/auth last-session), with the signed-in shell's
 * chunks and /api/v1/me; a visitor without a session is sent to sign in and needs none of it.
 * A script file, not inline: the CSP allows 'self' only.
 */
export function routePreloadPlugin(screensFile = 'src/app/screens.ts'): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'tenantry-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const screensPath = path.resolve(root, screensFile);
        const screens = parseScreenModules(
          readFileSync(screensPath, 'utf8'),
          path.dirname(screensPath),
        );
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = entryChunkOf(bundle, 'index.html');
        if (!entry) return;
        const initial = staticImports(bundle, entry.fileName);
        const files: string[] = [];
        const indexOf = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        // The signed-in shell (MainLayout with all of Mantine's styles: router.tsx).
        const lazyDeps = (file: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(file));
          if (!chunk) return [];
          const js = [...staticImports(bundle, chunk.fileName)].filter((f) => !initial.has(f));
          const css = js.flatMap((f) => [
            ...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? []),
          ]);
          return [...js, ...css];
        };
        const shell = [
          ...lazyDeps('src/app/layouts/MainLayout.tsx'),
          ...lazyDeps('src/app/full-styles.ts'),
        ];
        // Per screen and layout: its path patterns as one expression, and what to preload.
        const byScreen = new Map<
          string,
          { patterns: string[]; deps: number[]; me: 0 | 1; session: 0 | 1 }
        >();
        const missing = new Set<string>();
        for (const route of ROUTES) {
          const re = routePatternToRegExp(route.path);
          // A page of its own (guest.html) is not index.html's to preload.
          if (!re || route.entry) continue;
          const session = route.access !== 'public' && route.access !== 'guest';
          const module = screens.get(route.screen);
          const chunk = module && chunks.find((c) => c.facadeModuleId === module);
          if (!chunk) {
            missing.add(route.screen);
            continue;
          }
          const key = `${route.screen} ${route.layout} ${session}`;
          let entry = byScreen.get(key);
          if (!entry) {
            const deps = [...staticImports(bundle, chunk.fileName)].filter((f) => !initial.has(f));
            const css = deps.flatMap((f) => [
              ...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? []),
            ]);
            const withShell = session && route.layout === 'main' ? shell : [];
            entry = {
              patterns: [],
              deps: [...new Set([...withShell, ...deps, ...css])].map(indexOf),
              me: route.access === 'public' ? 0 : 1,
              session: session ? 1 : 0,
            };
            byScreen.set(key, entry);
          }
          entry.patterns.push(re);
        }
        if (missing.size) this.warn(`route preload: no chunk for ${[...missing].join(', ')}`);
        const table = [...byScreen.values()].map((e) => [
          e.patterns.join('|'),
          e.deps,
          e.me,
          e.session,
        ]);
        // A page that asks /api/v1/me before it renders has its answer fetched from here too, with
        // the app's credentials mode, so that the app's own fetch of it finds the response already
        // on its way. A page that needs a session: only when this browser had one last time.
        const code =
          `(function(){var F=${JSON.stringify(files)},R=${JSON.stringify(table)},p=location.pathname,d=document,b=${JSON.stringify(base)},s;` +
          `try{s=localStorage.getItem(${JSON.stringify(LAST_SESSION_KEY)})}catch(e){}` +
          `function a(h,r,s){var l=d.createElement('link');l.rel=r;if(s)l.as=s;l.crossOrigin='';l.href=h;d.head.appendChild(l)}` +
          `for(var i=0;i<R.length;i++)if(new RegExp(R[i][0],'i').test(p)){if(R[i][3]&&!s)return;for(var j=0;j<R[i][1].length;j++){var f=F[R[i][1][j]];` +
          `if(/\\.css$/.test(f))a(b+f,'preload','style');else a(b+f,'modulepreload')}if(R[i][2])a(${JSON.stringify(ME_URL)},'preload','fetch');return}})();\n`;
        const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source: code });
        const src = `${base}${this.getFileName(ref)}`;
        html.source = String(html.source).replace(
          /(\s*)<script type="module"/,
          `$1<script async src="${src}"></script>$1<script type="module"`,
        );
      },
    },
  };
}
