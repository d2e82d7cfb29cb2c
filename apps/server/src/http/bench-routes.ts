import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { createRouter } from '../auth/context.ts';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/**
 * Ceiling routes for bench/ (the performance budgets are ratios to them): only mounted when
 * BENCH_CEILING_ROUTE=true. `ceiling` does one primary-key SELECT over the same pool as every
 * other route; `json` touches nothing.
 */
const ceilingRoute = createRoute({
  method: 'get',
  path: '/bench/ceiling',
  tags: ['bench'],
  summary: 'One primary-key SELECT (benchmark ceiling; only with BENCH_CEILING_ROUTE)',
  responses: {
    200: {
      description: 'The row (or null)',
      content: { 'application/json': { schema: z.object({ id: z.string().nullable() }) } },
    },
  },
});

const jsonRoute = createRoute({
  method: 'get',
  path: '/bench/json',
  tags: ['bench'],
  summary: 'A constant JSON answer (benchmark ceiling; only with BENCH_CEILING_ROUTE)',
  responses: {
    200: {
      description: 'Constant',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

/** Not a domain: the benchmarks' yardsticks. `db` is the app's, so the pool is the same. */
export function createBenchRoutes(db: Database) {
  const router = createRouter();
  let knownId: Promise<string> | undefined;
  const getKnownId = () =>
    (knownId ??= db
      .select({ id: accounts.id })
      .from(accounts)
      .limit(1)
      .then((rows) => rows[0]?.id ?? '00000000-0000-0000-0000-000000000000'));
  router.openapi(ceilingRoute, async (c) => {
    const id = await getKnownId();
    const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
    return c.json({ id: rows[0]?.id ?? null }, 200);
  });
  router.openapi(jsonRoute, (c) => c.json({ ok: true as const }, 200));
  return router;
}
