import { readFile } from 'node:fs/promises';
// By path, not the package name: the config is bundled, and Node cannot load the package's .ts.
import { compileCatalogue } from '../../../packages/shared/src/i18n/compile.ts';
import type { Plugin } from 'vite';

/** The catalogues' files: `i18n/catalogues/<name>/<locale>.json` in packages/shared. */
const CATALOGUE = /[\\/]i18n[\\/]catalogues[\\/]([^\\/]+)[\\/]([a-z]{2})\.json$/;

/**
 * Compiles the translation catalogues at build time (docs/languages.md): a catalogue's ICU
 * messages become Lingui's compiled form, still JSON, so the page ships no message parser and
 * Lingui's runtime only interpolates. Each locale's catalogue stays its own file, imported
 * dynamically: a page fetches only the language it shows.
 */
export function i18nCataloguesPlugin(): Plugin {
  return {
    name: 'tenantry-i18n-catalogues',
    enforce: 'pre',
    async load(id) {
      const m = CATALOGUE.exec(id.split('?')[0]!);
      if (!m) return null;
      const source = JSON.parse(await readFile(id.split('?')[0]!, 'utf8')) as Record<
        string,
        string
      >;
      return JSON.stringify(compileCatalogue(source, `${m[1]}/${m[2]}`));
    },
  };
}
