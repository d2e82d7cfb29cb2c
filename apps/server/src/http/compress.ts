/**
 * Response compression. A JSON answer is a whole string when the route returns: it is gzipped
 * in one call of Node's zlib on its thread pool, at level 3 (zlib's fast family). Everything
 * else compressible (index.html, CSV, streams) goes through Hono's `compress`, which pipes the
 * body through a web `CompressionStream`.
 *
 * Why not Hono's alone for JSON: measured on the portfolio's 49 KB page (bench/README.md, "The
 * portfolio"), a CompressionStream cost ~1.3 ms of the main thread per answer, `gzipSync` at
 * level 6 ~0.5 ms and at level 3 ~0.12 ms, for 6.9 KB against 7.8 KB on the wire.
 */
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipAsync = promisify(gzip);
/** Below this many bytes an answer goes as it is (Hono's threshold too). */
const THRESHOLD = 1024;
/**
 * From this size the gzip runs on the thread pool: below it, one synchronous call (~0.1 ms for
 * 50 KB) costs less CPU than handing the work to another thread and back.
 */
const ASYNC_FROM = 256 * 1024;

/**
 * @hono/node-server's own Response keeps a string body as it is, under a symbol it does not
 * export: read it there when it is (reading the body through the web stream machinery costs
 * ~0.1 ms even for a few bytes), through arrayBuffer() otherwise.
 */
const CACHED = Symbol.for('tenantry.never');
function cachedBody(res: Response): string | null {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache') ?? CACHED;
  const cache = (res as unknown as Record<symbol, unknown>)[key];
  return Array.isArray(cache) && typeof cache[1] === 'string' ? cache[1] : null;
}

const JSON_TYPE = /^\s*application\/(?:[^;\s]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether Accept-Encoding takes gzip (named, or `*`, with q > 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const q = qParam === undefined ? 1 : Number(qParam);
    const coding = name.trim().toLowerCase();
    if (coding === 'gzip') return q > 0;
    if (coding === '*') wildcard = q;
  }
  return wildcard > 0;
}

export function compressResponses(): MiddlewareHandler {
  const streaming = compress();
  return (c, next) =>
    streaming(c, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('Content-Type');
      if (
        c.req.method === 'HEAD' ||
        res.status === 206 ||
        !type ||
        !JSON_TYPE.test(type) ||
        res.headers.has('Content-Encoding') ||
        res.headers.has('Transfer-Encoding') ||
        NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
        !acceptsGzip(c.req.header('Accept-Encoding')) // Hono's may still take deflate.
      )
        return;
      // Read before `res.body`, which turns the server's light Response into a web one.
      const text = cachedBody(res);
      if (text === null && !res.body) return;
      const body = text === null ? Buffer.from(await res.arrayBuffer()) : Buffer.from(text);
      const small = body.byteLength < THRESHOLD;
      const sent = small
        ? body
        : body.byteLength < ASYNC_FROM
          ? gzipSync(body, { level: 3 })
          : await gzipAsync(body, { level: 3 });
      const headers = new Headers(res.headers);
      const vary = headers.get('Vary');
      if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ''))
        headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      // Its length marks a small answer for Hono's compress too (below its threshold).
      headers.set('Content-Length', String(sent.byteLength));
      if (!small) {
        headers.set('Content-Encoding', 'gzip');
        const etag = headers.get('ETag');
        if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
      }
      // Unset first: Hono's setter would otherwise wrap the new answer and copy the old one's
      // headers over it (all of them are in `headers` already).
      c.res = undefined;
      c.res = new Response(sent, { status: res.status, headers });
    });
}
