import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

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
