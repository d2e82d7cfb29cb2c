import type { ApiKey } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { curlExample, prefixLabel, scopeLabel, sortKeys } from './api-key-view.ts';

function key(over: Partial<ApiKey>): ApiKey {
  return {
    id: 'k',
    name: 'Key',
    prefix: 'tnt_AbCd1234',
    scopes: ['tenants:read'],
    tenant: null,
    expiresAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    createdBy: 'Robin Park',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

describe('how a key is shown', () => {
  it('marks the prefix as the start of a longer secret', () => {
    expect(prefixLabel(key({}))).toBe('tnt_AbCd1234…');
  });

  it('names scopes by their label', () => {
    expect(scopeLabel('answers:write')).toBe('Write answers');
  });

  it('lists active keys first, newest first, then expired, then revoked ones', () => {
    const sorted = sortKeys([
      key({ id: 'revoked', status: 'revoked' }),
      key({ id: 'old', createdAt: '2026-01-01T00:00:00.000Z' }),
      key({ id: 'expired', status: 'expired' }),
      key({ id: 'new', createdAt: '2026-03-05T00:00:00.000Z' }),
    ]);
    expect(sorted.map((k) => k.id)).toEqual(['new', 'old', 'expired', 'revoked']);
  });

  it('gives a first request to try the key with', () => {
    expect(curlExample('https://app.example.test', 'tnt_secret')).toBe(
      'curl -H "Authorization: Bearer tnt_secret" https://app.example.test/api/v1/tenants',
    );
  });
});
