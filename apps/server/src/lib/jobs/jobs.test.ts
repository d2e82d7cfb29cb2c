import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobs, type ExecuteSql } from './index.ts';
import { describeJobs, openPglite } from './jobs.suite.ts';
import { createRecordingLogger } from './testing.ts';

describeJobs('PGlite', openPglite);

describe('jobs options', () => {
  const executeSql: ExecuteSql = async () => ({ rows: [] });
  const logger = createRecordingLogger();

  it('takes a pino logger', () => {
    expect(() => createJobs({ executeSql, logger: pino({ level: 'silent' }) })).not.toThrow();
  });

  it('refuses a polling interval below pg-boss minimum of 0.5 s', () => {
    expect(() => createJobs({ executeSql, logger, pollingIntervalSeconds: 0.1 })).toThrow(
      /at least 0.5/,
    );
  });

  it('reports a failing start and refuses to start again', async () => {
    const failing = createJobs({
      executeSql: async () => {
        throw new Error('database unreachable');
      },
      logger,
    });
    await expect(failing.start()).rejects.toThrow('database unreachable');
    await expect(failing.start()).rejects.toThrow(/create a new instance/);
  });

  it('refuses to send before start()', async () => {
    const jobs = createJobs({ executeSql, logger });
    await expect(jobs.send('x', {})).rejects.toThrow(/start\(\)/);
  });
});
