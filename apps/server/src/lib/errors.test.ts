import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testConfig } from '../test/app.ts';
import { createLogger } from './logger.ts';
import { createTestDatabase } from '../test/db.ts';

describe('unexpected errors', () => {
  it('answer 500 "Something went wrong" and are logged with the request id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const database = await createTestDatabase();
    const { app } = createApp({
      config: testConfig(),
      database,
      logger: createLogger('info', sink),
    });
    await database.close(); // every query fails from now on
    const res = await app.request('/healthz', { headers: { 'x-request-id': 'req-500-test' } });
    expect(res.status).toBe(500);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error).toEqual({
      code: 'common.internal',
      message: 'Something went wrong.',
      requestId: 'req-500-test',
    });
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({
      reqId: 'req-500-test',
      level: 50,
      method: 'GET',
      route: '/healthz',
      status: 500,
    });
    expect(JSON.stringify(logged)).not.toContain('Something went wrong');
    // One access line per request, with the request id.
    expect(lines.filter((l) => l.msg === 'request')).toEqual([
      expect.objectContaining({
        reqId: 'req-500-test',
        status: 500,
        method: 'GET',
        path: '/healthz',
      }),
    ]);
  });
});
