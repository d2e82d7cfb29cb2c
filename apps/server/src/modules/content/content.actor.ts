import type { Context } from 'hono';
import type { AppEnv } from '../../auth/context.ts';
import { getAccount, getClaims } from '../../auth/guards.ts';
import type { ContentActor } from './content.access.ts';

/** The caller of a content route (behind requireAccount): their account and system role. */
export async function contentActor(c: Context<AppEnv>): Promise<ContentActor> {
  const claims = await getClaims(c);
  return { ...getAccount(c), systemAdmin: claims.role === 'systemadmin' };
}
