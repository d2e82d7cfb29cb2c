import type { SystemInfo } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';

export function systemInfo(deps: AppDeps): SystemInfo {
  return {
    profile: deps.config.appEnv,
    database: deps.dbKind,
    versionTimestamp: deps.versionTimestamp,
    mail: deps.mailer.transport,
  };
}

/** Throws when the database does not answer (the health check's 500). */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How long GET /readyz waits for `select 1` before it calls the database unavailable. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

/** Whether the database answers `select 1` within `timeoutMs` (GET /readyz). */
export async function databaseAnswers(
  db: Database,
  timeoutMs = READY_DATABASE_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const answered = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
