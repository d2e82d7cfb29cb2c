/** How a key is shown: its prefix, status, use and expiry, and the example request. */
import { type ApiKey, type ApiKeyScope } from '@tenantry/shared';
import { apiKeyScopeLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

export const statusLabel = (status: ApiKey['status']): string =>
  ({
    active: t('status.active'),
    expired: t('status.expired'),
    revoked: t('status.revoked'),
  })[status];

export const STATUS_COLORS: Record<ApiKey['status'], string> = {
  active: 'teal',
  expired: 'orange',
  revoked: 'gray',
};

/** The visible start of the secret, marked as cut (`tnt_AbCd1234…`). */
export function prefixLabel(key: Pick<ApiKey, 'prefix'>): string {
  return `${key.prefix}…`;
}

export function scopeLabel(scope: ApiKeyScope): string {
  return apiKeyScopeLabel(scope);
}

/** Active keys first (newest first), then expired, then revoked ones. */
export function sortKeys(keys: readonly ApiKey[]): ApiKey[] {
  const rank = { active: 0, expired: 1, revoked: 2 } as const;
  return [...keys].sort(
    (a, b) => rank[a.status] - rank[b.status] || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The header a tool sends with every request. */
export function authorizationHeader(secret: string): string {
  return `Authorization: Bearer ${secret}`;
}

/** A first request to try the key with: the client tenants it may read. */
export function curlExample(origin: string, secret: string): string {
  return `curl -H "${authorizationHeader(secret)}" ${origin}/api/v1/tenants`;
}
