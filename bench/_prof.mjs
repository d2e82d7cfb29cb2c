import { startServer, stopServer, cookieOf, load, pgDatabaseUrl } from '/work/main/bench/lib.mjs';
const server = await startServer('prof', { DATABASE_URL: pgDatabaseUrl('tenantry_bench_tenants') }, { cpuProfDir: process.argv[2] });
try {
  const c = cookieOf(await fetch(`${server.base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.base }, body: JSON.stringify({ email: 'big-owner@scale.tenantry.test', password: 'scale-password-1' }) }));
  const url = `${server.base}${process.argv[3] ?? '/api/v1/tenants/portfolio?sort=score&limit=50'}`;
  await load(url, { connections: 20, duration: 3, headers: { cookie: c, 'accept-encoding': 'gzip' } });
  const r = await load(url, { connections: 50, duration: Number(process.argv[4] ?? 10), headers: { cookie: c, 'accept-encoding': 'gzip' } });
  console.log(JSON.stringify(r));
} finally { await stopServer(server); }
