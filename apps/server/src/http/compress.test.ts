import { gunzipSync, inflateSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressResponses } from './compress.ts';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Tenant ${i}` })) };

function app() {
  const a = new Hono();
  a.use(compressResponses());
  a.get('/big', (c) => {
    c.header('ETag', '"v1"');
    c.header('Set-Cookie', 'a=1');
    return c.json(big);
  });
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/raw', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  a.get('/csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'Content-Type': 'text/csv' }));
  a.get('/events', (c) => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: hello\n\n'));
      },
    });
    return c.body(stream, 200, { 'Content-Type': 'text/event-stream' });
  });
  return a;
}

const get = (path: string, encoding?: string, method = 'GET') =>
  app().request(path, {
    method,
    headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding },
  });

describe('response compression', () => {
  it('gzips a JSON answer whole, with its length, Vary, a weak ETag and its cookies', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('Content-Length')).toBe(String(body.byteLength));
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(big);
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('ETag')).toBe('W/"v1"');
    expect(res.headers.get('Set-Cookie')).toBe('a=1');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('sends a small answer, or one to a caller without gzip, as it is', async () => {
    const small = await get('/small', 'gzip');
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    for (const encoding of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const res = await get('/big', encoding);
      expect(res.headers.get('Content-Encoding'), String(encoding)).toBeNull();
      expect(await res.json()).toEqual(big);
    }
  });

  it('leaves deflate, other types and streams to the streaming compressor', async () => {
    const deflated = await get('/big', 'deflate');
    expect(deflated.headers.get('Content-Encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString())).toEqual(
      big,
    );
    const csv = await get('/csv', 'gzip');
    expect(csv.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe('a,b\n'.repeat(1000));
    const events = await get('/events', 'gzip');
    expect(events.headers.get('Content-Encoding')).toBeNull();
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: hello\n\n');
    await reader.cancel();
  });

  it('respects no-transform and HEAD', async () => {
    const raw = await get('/raw', 'gzip');
    expect(raw.headers.get('Content-Encoding')).toBeNull();
    expect(await raw.json()).toEqual(big);
    const head = await get('/big', 'gzip', 'HEAD');
    expect(head.headers.get('Content-Encoding')).toBeNull();
  });

  it('serves the same through the Node server (its own Response, a string body)', async () => {
    const server = serve({ fetch: app().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      const http = await import('node:http');
      // fetch() would decompress on its own: read the bytes as they travel.
      const raw = (path: string) =>
        new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          http
            .get(
              { port, path, host: '127.0.0.1', headers: { 'accept-encoding': 'gzip' } },
              (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (d: Buffer) => chunks.push(d));
                res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
              },
            )
            .on('error', reject);
        });
      const bigRes = await raw('/big');
      expect(bigRes.headers['content-encoding']).toBe('gzip');
      expect(bigRes.headers['content-length']).toBe(String(bigRes.body.byteLength));
      expect(bigRes.headers['set-cookie']).toEqual(['a=1']);
      expect(JSON.parse(gunzipSync(bigRes.body).toString('utf8'))).toEqual(big);
      const smallRes = await raw('/small');
      expect(smallRes.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(smallRes.body.toString('utf8'))).toEqual({ ok: true });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
