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
