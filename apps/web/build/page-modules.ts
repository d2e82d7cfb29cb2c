import path from 'node:path';
import type { Plugin } from 'vite';
import { GUEST_HTML, RESPONDENT_HTML } from './own-pages.ts';

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
  /**
   * `i18n-shared` for the translation runtime (Lingui, the translator, the choice of language,
   * the client pages' provider): the respondent page and the guest pages load it at once (the
   * provider's own guest pages show their words from a catalogue too), without the rest of what
   * they share with the main app. A group of its own, after `sharedChunk`'s: React, which the
   * provider imports, stays in `pages-shared`.
   */
  i18nChunk: (id: string) => string | null;
}

/**
 * Lingui's runtime and the pages' translation modules over it (not src/i18n/rich.tsx, which the
 * guest entry loads at once).
 */
const I18N_RUNTIME =
  /node_modules[\\/]@lingui[\\/]|packages[\\/]shared[\\/]src[\\/](?:i18n[\\/](?:translator|locales)\.ts|bytes\.ts)|apps[\\/]web[\\/]src[\\/]i18n[\\/](?:page-i18n\.tsx|guest\.ts|chosen-locale\.ts|app-messages\.ts)$/;

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
    i18nChunk: (id) => (I18N_RUNTIME.test(id) && loadedBy(id).length ? 'i18n-shared' : null),
    sharedChunk(id) {
      // Rolldown's runtime (CommonJS interop, for React) goes with React.
      if (id.includes('rolldown/runtime')) return 'pages-shared';
      // The translation runtime: its own group (`i18nChunk`).
      if (I18N_RUNTIME.test(id)) return null;
      const by = loadedBy(id);
      const main = mainInitial.has(id) ? 'initial' : mainAll.has(id) ? 'lazy' : 'own';
      if (by.length === 0 || (by.length === 1 && main === 'own')) return null;
      // React (all three pages); what only the respondent page shares with the main app's first
      // load (scoring.ts, the i18n runtime) goes to its own chunk, so the guest pages never pay
      // for it.
      if (main === 'initial' && by.includes('respondent') && by.includes('guest')) {
        return 'pages-shared';
      }
      if (by.length === 1 && by[0] === 'respondent' && main === 'lazy') return 'respondent-shared';
      if (by.length === 1 && by[0] === 'guest' && main === 'initial') return 'guest-shared';
      return `${by.join('-')}-${main}-shared`;
    },
  };
}
