import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { transformWithOxc, type Plugin } from 'vite';
import { entryChunkOf, staticImports } from './bundle-graph.ts';
import { RESPONDENT_HTML, RESPONDENT_SW } from './own-pages.ts';

/**
 * The files the respondent page loads, in the order a browser needs them: the HTML, the entry
 * chunk with every chunk it imports statically, and their stylesheets. `base`-prefixed URLs.
 */
export function respondentPageFiles(bundle: OutputBundle, base = '/'): string[] {
  const entry = entryChunkOf(bundle, RESPONDENT_HTML);
  if (!entry) return [];
  const js = [...staticImports(bundle, entry.fileName)];
  // The page's catalogues (one chunk per language, loaded on demand): all kept, so that the
  // page reloads offline in whichever language the person switches to.
  for (const file of [...js]) {
    for (const lazy of (bundle[file] as OutputChunk).dynamicImports) {
      if (js.includes(lazy)) continue;
      const chunk = bundle[lazy];
      if (
        chunk?.type === 'chunk' &&
        chunk.moduleIds.some((id) => /[\\/]i18n[\\/]catalogues[\\/]/.test(id))
      )
        js.push(lazy);
    }
  }
  const css = js.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
  return [RESPONDENT_HTML, ...js, ...new Set(css)].map((f) => `${base}${f}`);
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
