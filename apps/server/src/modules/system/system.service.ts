import type { SystemInfo } from '@tenantry/shared';
import type { AppDeps } from '../../deps.ts';

export function systemInfo(deps: AppDeps): SystemInfo {
  return {
    profile: deps.config.appEnv,
    database: deps.dbKind,
    versionTimestamp: deps.versionTimestamp,
    mail: deps.mailer.transport,
  };
}
