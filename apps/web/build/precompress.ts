import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
