// What the plugins read of the build: the screens' modules, the chunks a chunk imports, an
// HTML input's entry chunk.
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';

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
export function staticImports(
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
