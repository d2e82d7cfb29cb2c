import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path on purpose: Vite bundles relative imports of its config, while a workspace
// package would be loaded by Node as-is, and Node 20 cannot load the shared package's .ts.
import { ROUTES } from '../../../packages/shared/src/routes.ts';
import { entryChunkOf, parseScreenModules, staticImports } from './bundle-graph.ts';

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
