import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { transformWithOxc, type Plugin, type PreviewServer } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, while a workspace
// package would be loaded by Node as-is, and Node 20 cannot load the shared package's .ts.
import {
  CLIENT_CONFIG_ELEMENT_ID,
  CLIENT_CONFIG_PROFILES,
  type ClientConfig,
} from '../../packages/shared/src/config.ts';
import { ROUTES, isGuestPagePath, routePatternToRegExp } from '../../packages/shared/src/routes.ts';

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

/**
 * Writes `dist/version.json` = { timestamp } at build time: what the new-version check polls.
 * The same timestamp is the app's version in the code (`__APP_VERSION__`, lib/app-version.ts),
 * which feedback names.
 */
export function versionFilePlugin(): Plugin {
  let outDir = 'dist';
  const timestamp = Date.now();
  return {
    name: 'tenantry-version-file',
    apply: 'build',
    config: () => ({ define: { __APP_VERSION__: JSON.stringify(String(timestamp)) } }),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await writeFile(path.join(outDir, 'version.json'), `${JSON.stringify({ timestamp })}\n`);
    },
  };
}

const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt|wasm|webmanifest)$/i;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build,
 * at the highest levels (once, at build time), so the server sends them without compressing
 * per request. Source maps are not compressed: browsers do not load them.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tenantry-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await readFile(full);
          if (data.length < 512) return;
          const br = brotliCompressSync(data, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          await writeFile(`${full}.br`, br);
          await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
        }),
      );
    },
  };
}

export { routePatternToRegExp };

/**
 * Which module each screen of `screens.ts` loads: `name: lazy(() => import('./x'))`, or
 * `name: ident` / `ident,` for a `const ident = lazy(() => import('./x'))`. Paths are resolved
 * against the file's folder.
 */
export function parseScreenModules(source: string, dir: string): Map<string, string> {
  const consts = new Map<string, string>();
  for (const m of source.matchAll(
    /const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g,
  ))
    consts.set(m[1]!, path.resolve(dir, m[2]!));
  const body = source.slice(source.indexOf('SCREENS'));
  const screens = new Map<string, string>();
  for (const m of body.matchAll(/(\w+)\s*:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g))
    screens.set(m[1]!, path.resolve(dir, m[2]!));
  for (const m of body.matchAll(/(?:^|[{,])\s*(\w+)\s*(?::\s*(\w+)\s*)?(?=[,}])/g)) {
    const file = consts.get(m[2] ?? m[1]!);
    if (file && !screens.has(m[1]!)) screens.set(m[1]!, file);
  }
  return screens;
}

/** A chunk and every chunk it imports statically (and, with `dynamic`, lazily), by file name. */
function staticImports(
  bundle: OutputBundle,
  file: string,
  into = new Set<string>(),
  dynamic = false,
): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  into.add(file);
  for (const dep of chunk.imports) staticImports(bundle, dep, into, dynamic);
  if (dynamic) for (const dep of chunk.dynamicImports) staticImports(bundle, dep, into, dynamic);
  return into;
}

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
/** What a guarded page asks before it renders (features/auth/api/me.ts). */
const ME_URL = '/api/v1/me';
/** Where this browser remembers its last session (features/auth/lib/last-session.ts). */
const LAST_SESSION_KEY = 'tenantry.lastSession';

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

const MANTINE_COMPONENT = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;
const MANTINE_STYLESHEET = /@mantine[\\/]core[\\/]styles(?:[\\/]([^\\/]+))?\.css$/;

/**
 * The pages outside the signed-in shells paint with a subset of Mantine's styles
 * (`criticalCss`, imported by main.tsx); the shells load all of them. This fails the build when
 * the entry (its static imports) or a `bare` route's screen (everything it imports, also
 * lazily) uses a Mantine component whose stylesheet is neither in that subset nor imported on
 * the way, so such a page never shows an unstyled component.
 */
export function mantineCriticalStylesPlugin(
  criticalCss = 'src/app/mantine-critical.css',
  screensFile = 'src/app/screens.ts',
): Plugin {
  let root = '';
  return {
    name: 'tenantry-mantine-critical-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const criticalPath = path.resolve(root, criticalCss);
      const critical = new Set(
        [
          ...readFileSync(criticalPath, 'utf8').matchAll(
            /@import\s+'@mantine\/core\/styles\/([^']+)\.css'/g,
          ),
        ].map((m) => m[1]!),
      );
      const stylesDir = path.dirname(
        createRequire(criticalPath).resolve('@mantine/core/styles.css'),
      );
      const hasStylesheet = (name: string) =>
        existsSync(path.join(stylesDir, 'styles', `${name}.css`));
      const screensPath = path.resolve(root, screensFile);
      const screens = parseScreenModules(
        readFileSync(screensPath, 'utf8'),
        path.dirname(screensPath),
      );
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const roots: [string, Set<string>][] = [];
      const entry = entryChunkOf(bundle, 'index.html');
      const initial = entry ? staticImports(bundle, entry.fileName) : new Set<string>();
      roots.push(['the entry', initial]);
      for (const screen of new Set(
        ROUTES.filter((r) => r.layout === 'bare').map((r) => r.screen),
      )) {
        const module = screens.get(screen);
        const chunk = module && chunks.find((c) => c.facadeModuleId === module);
        // What the entry holds is checked above; its lazy imports (every screen) are not this
        // screen's.
        if (chunk) {
          const files = staticImports(bundle, chunk.fileName, new Set(initial), true);
          roots.push([`screen ${screen}`, new Set([...files].filter((f) => !initial.has(f)))]);
        }
      }
      const problems: string[] = [];
      for (const [label, files] of roots) {
        const ids = [...files].flatMap((f) => (bundle[f] as OutputChunk).moduleIds);
        const sheets = ids.map((id) => MANTINE_STYLESHEET.exec(id)).filter((m) => m !== null);
        if (sheets.some((m) => m[1] === undefined)) continue; // the whole of styles.css
        const styled = new Set([...critical, ...sheets.map((m) => m[1]!)]);
        const used = new Set(
          ids.map((id) => MANTINE_COMPONENT.exec(id)?.[1]).filter((c) => c !== undefined),
        );
        const missing = [...used].filter((c) => hasStylesheet(c) && !styled.has(c));
        if (missing.length) problems.push(`${label}: ${missing.join(', ')}`);
      }
      if (problems.length)
        this.error(
          `Mantine components without their styles on a page outside the signed-in shells (add ` +
            `@mantine/core/styles/<Name>.css to ${criticalCss}, in the order of styles.css):\n  ${problems.join('\n  ')}`,
        );
    },
  };
}

/**
 * `<link rel="preload" as="font">` in index.html for the build's font files whose names match
 * `pattern` (the Latin subset of the variable Inter: what every page's text needs), so the font
 * downloads alongside the entry instead of after the first layout asked for it.
 */
export function fontPreloadPlugin(pattern = /^inter-latin-wght-normal-[\w-]+\.woff2$/): Plugin {
  let base = '/';
  return {
    name: 'tenantry-font-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const fonts = Object.keys(bundle).filter((f) => pattern.test(path.basename(f)));
        if (fonts.length === 0) this.warn(`font preload: no font file matches ${pattern}`);
        const links = fonts
          .map(
            (f) =>
              `<link rel="preload" href="${base}${f}" as="font" type="font/woff2" crossorigin>`,
          )
          .join('\n    ');
        html.source = String(html.source).replace(
          /(\s*)<link rel="stylesheet"/,
          `$1${links}$1<link rel="stylesheet"`,
        );
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The respondent page (in-progress.html): its own entry, beside the main app's index.html
// ---------------------------------------------------------------------------------------------

/** The respondent page's HTML entry (vite.config.ts `build.rolldownOptions.input`). */
export const RESPONDENT_HTML = 'in-progress.html';
/** Its service worker, at the root so that it may take the scope /in-progress/. */
export const RESPONDENT_SW = 'in-progress-sw.js';
const RESPONDENT_PATH = /^\/in-progress(?:\/|$)/;

/** The entry chunk of an HTML input of the build (`index.html`, `in-progress.html`). */
export function entryChunkOf(bundle: OutputBundle, html: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (c): c is OutputChunk =>
      c.type === 'chunk' &&
      c.isEntry &&
      c.facadeModuleId !== null &&
      path.basename(c.facadeModuleId.split('?')[0]!) === html,
  );
}

/**
 * The files the respondent page loads, in the order a browser needs them: the HTML, the entry
 * chunk with every chunk it imports statically, and their stylesheets. `base`-prefixed URLs.
 */
export function respondentPageFiles(bundle: OutputBundle, base = '/'): string[] {
  const entry = entryChunkOf(bundle, RESPONDENT_HTML);
  if (!entry) return [];
  const js = [...staticImports(bundle, entry.fileName)];
  const css = js.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
  return [RESPONDENT_HTML, ...js, ...new Set(css)].map((f) => `${base}${f}`);
}

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

/**
 * Builds the respondent page's service worker (src/respondent/sw/service-worker.ts) into
 * `dist/in-progress-sw.js`: its types stripped, with the list of the files to precache (what
 * the page loads, and the icon) and a version made from their names (hashed) and the HTML, so
 * that a new build installs a new worker and drops the old files.
 */
export function respondentServiceWorkerPlugin(
  source = 'src/respondent/sw/service-worker.ts',
): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'tenantry-respondent-sw',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const files = respondentPageFiles(bundle, base);
        if (files.length === 0)
          return this.error(`respondent service worker: no ${RESPONDENT_HTML} entry`);
        const precache = [...files, `${base}favicon.svg`];
        const html = bundle[RESPONDENT_HTML];
        const version = createHash('sha256')
          .update(precache.join('\n'))
          .update(html?.type === 'asset' ? String(html.source) : '')
          .digest('hex')
          .slice(0, 16);
        const file = path.resolve(root, source);
        const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, {
          lang: 'ts',
          target: 'es2022',
        });
        const body = code.replace(/^\s*export\s*\{\s*\};?\s*$/m, '');
        this.emitFile({
          type: 'asset',
          fileName: RESPONDENT_SW,
          source:
            `// Tenantry: the respondent page's service worker (built from ${source}).\n` +
            `const __SW_PRECACHE__ = ${JSON.stringify(precache)};\n` +
            `const __SW_VERSION__ = ${JSON.stringify(version)};\n${body}`,
        });
      },
    },
  };
}

/** Which pages load a module: what the chunk groups of vite.config.ts decide by. */
export interface PageModules {
  plugin: Plugin;
  /** Loaded by a page of its own (in-progress.html, guest.html): not the main app's groups. */
  has: (id: string) => boolean;
  /**
   * The chunk a module shared between pages goes to, named after who loads it, or null (a
   * module of one page only, left to that page's chunks or the main app's groups):
   * `pages-shared` — the respondent page (and the guest pages) and the main app's first load
   *   (React);
   * `respondent-shared` — the respondent page, and the main app lazily (micromark);
   * `guest-shared` — the guest pages and the main app's first load (analytics, version check);
   * otherwise `<pages>-<initial|lazy|own>-shared`.
   */
  sharedChunk: (id: string) => string | null;
}

/** The HTML entries that are pages of their own, beside the main app's index.html. */
const OWN_PAGES = { respondent: RESPONDENT_HTML, guest: GUEST_HTML } as const;

/**
 * The modules the pages of their own load (the respondent page, the guest pages), sorted by
 * which pages load them, known once the module graph is built and before chunks are made. The
 * main app's chunk groups (`boot`, `common` in vite.config.ts) leave those modules out, and
 * what several pages use goes to a chunk named after them (`sharedChunk`), so a page of its own
 * never loads the main app's shell and the main app loads none of a page's own code.
 */
export function pageModules(): PageModules {
  const pages = Object.fromEntries(
    Object.keys(OWN_PAGES).map((k) => [k, new Set<string>()]),
  ) as Record<keyof typeof OWN_PAGES, Set<string>>;
  const mainInitial = new Set<string>();
  const mainAll = new Set<string>();
  const plugin: Plugin = {
    name: 'tenantry-page-modules',
    apply: 'build',
    buildEnd() {
      for (const set of [...Object.values(pages), mainInitial, mainAll]) set.clear();
      const ids = [...this.getModuleIds()];
      const htmlModule = (name: string) =>
        ids.find((id) => path.basename(id.split('?')[0]!) === name);
      const walk = (id: string | undefined, into: Set<string>, dynamic: boolean) => {
        if (!id || into.has(id)) return;
        into.add(id);
        const info = this.getModuleInfo(id);
        for (const dep of info?.importedIds ?? []) walk(dep, into, dynamic);
        if (dynamic) for (const dep of info?.dynamicallyImportedIds ?? []) walk(dep, into, dynamic);
      };
      for (const [key, html] of Object.entries(OWN_PAGES))
        walk(htmlModule(html), pages[key as keyof typeof OWN_PAGES], false);
      walk(htmlModule('index.html'), mainInitial, false);
      walk(htmlModule('index.html'), mainAll, true);
    },
  };
  const loadedBy = (id: string) =>
    (Object.keys(pages) as (keyof typeof pages)[]).filter((k) => pages[k].has(id));
  return {
    plugin,
    has: (id) => loadedBy(id).length > 0,
    sharedChunk(id) {
      // Rolldown's runtime (CommonJS interop, for React) goes with React.
      if (id.includes('rolldown/runtime')) return 'pages-shared';
      const by = loadedBy(id);
      const main = mainInitial.has(id) ? 'initial' : mainAll.has(id) ? 'lazy' : 'own';
      if (by.length === 0 || (by.length === 1 && main === 'own')) return null;
      // React, and the little the respondent page shares with the main app's first load
      // (scoring.ts, 0.7 KB): one request fewer on both pages for a few bytes on the guest pages.
      if (main === 'initial' && by.includes('respondent')) return 'pages-shared';
      if (by.length === 1 && by[0] === 'respondent' && main === 'lazy') return 'respondent-shared';
      if (by.length === 1 && by[0] === 'guest' && main === 'initial') return 'guest-shared';
      return `${by.join('-')}-${main}-shared`;
    },
  };
}
