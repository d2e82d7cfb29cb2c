// The server for bench/compress.mjs: one Hono app on the Node server answering a JSON page the
// size of the portfolio's (50 rows, ~29 KB) and a small one, with no compression, Hono's
// compress, or Tenantry's (apps/server/src/http/compress.ts), by argv[2]; the port is argv[3].
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { serve } from '@hono/node-server';
import { compressResponses } from '../apps/server/src/http/compress.ts';
const payload = {
  rows: Array.from({ length: 50 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Tenant ${i}`,
    score: Math.random(),
    completedAt: new Date().toISOString(),
    sections: Array.from({ length: 6 }, (_, j) => ({
      key: 'K' + j,
      title: 'Section ' + j,
      score: Math.random(),
      target: 0.7,
    })),
  })),
};
const a = new Hono();
const v = process.argv[2];
if (v === 'hono') a.use(compress());
else if (v === 'ours') a.use(compressResponses());
a.get('/big', (c) => c.json(payload));
a.get('/small', (c) => c.json({ ok: 1 }));
serve({ fetch: a.fetch, port: Number(process.argv[3]), hostname: '127.0.0.1' });
