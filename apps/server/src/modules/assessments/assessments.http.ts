/**
 * What the assessment route files share (core, answers, respondents, carry-forward): the paths,
 * the guard for reads an API key may make, the 404 they document, and the caller as an actor.
 */
import { errorResponse } from '../../lib/openapi.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../auth/context.ts';
import { getClaims, getTenant, requireTenant } from '../../auth/guards.ts';

export const TAGS = ['assessments'];
export const notFound = errorResponse(
  'No such client tenant or assessment in your account (`tenants.not_found`, `assessments.not_found`)',
);
export const BASE = '/tenants/{tenantId}/assessments';
export const ONE = `${BASE}/{assessmentId}`;

/** The tenant context with the caller's display name (kept with answers and status changes). */
export async function actor(c: Context<AppEnv>) {
  const claims = await getClaims(c);
  return { ...getTenant(c), name: claims.displayName || claims.email };
}

export const noStore = { 'cache-control': 'no-store' };

/** Reading assessments is open to API keys with `assessments:read` too (docs/developer.md). */
export const readWithKey = requireTenant('read', 'tenantId', { apiKey: 'assessments:read' });
