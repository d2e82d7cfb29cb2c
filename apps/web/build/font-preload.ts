import path from 'node:path';
import type { Plugin } from 'vite';

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
