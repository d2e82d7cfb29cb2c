#!/usr/bin/env node
// The server's CPU time per answer with each way of compressing JSON, read from /proc (CPU time,
// not wall time: it holds on a busy machine). For each of none, hono (hono/compress, a web
// CompressionStream) and ours (apps/server/src/http/compress.ts) it starts
// bench/compress-server.ts, sends 3,000 requests (10 connections, Accept-Encoding: gzip) to a
// 29 KB JSON answer and to a small one, and prints the server's CPU µs per request and the bytes
// on the wire. Linux only. Usage: node bench/compress.mjs   (V=none,hono,ours to choose)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { root } from './lib.mjs';
const cpuOf = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}; // ms
for (const v of (process.env.V ?? 'none,hono,ours').split(',')) {
  const port = 4900 + Math.floor(Math.random() * 50);
  const child = spawn('node', ['--import', 'tsx', 'bench/compress-server.ts', v, String(port)], {
    cwd: root,
    stdio: 'inherit',
  });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/small`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  for (const path of ['/big', '/small']) {
    await new Promise((r) =>
      autocannon(
        {
          url: `http://127.0.0.1:${port}${path}`,
          connections: 10,
          amount: 500,
          headers: { 'accept-encoding': 'gzip' },
        },
        r,
      ),
    );
    const c0 = cpuOf(child.pid);
    const res = await new Promise((r) =>
      autocannon(
        {
          url: `http://127.0.0.1:${port}${path}`,
          connections: 10,
          amount: 3000,
          headers: { 'accept-encoding': 'gzip' },
        },
        (e, x) => r(x),
      ),
    );
    const c1 = cpuOf(child.pid);
    console.log(
      v,
      path,
      'server cpu',
      (((c1 - c0) / 3000) * 1000).toFixed(0),
      'µs/req',
      'bytes/req',
      Math.round(res.throughput.total / res.requests.total),
    );
  }
  child.kill();
}
