import { describe, expect, it } from 'vitest';
import {
  EMPTY_API_KEY_FORM,
  apiKeyFormErrors,
  dayOf,
  expiryInstant,
  expiryRange,
  toCreateBody,
  toFormErrors,
} from './api-key-form.ts';

const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime(); // 10 March 2026, noon, local time

describe('the create-key form', () => {
  it('sends the trimmed name, the scopes, no tenant and no expiry by default', () => {
    expect(
      toCreateBody({ ...EMPTY_API_KEY_FORM, name: '  CI pipeline ', scopes: ['tenants:read'] }),
    ).toEqual({ name: 'CI pipeline', scopes: ['tenants:read'], tenantId: null, expiresAt: null });
  });

  it('sends a tenant restriction and an expiry at the end of the chosen day (local time)', () => {
    const body = toCreateBody({
      name: 'Scanner',
      scopes: ['answers:write'],
      tenantId: 't1',
      expiresOn: '2026-04-30',
    });
    expect(body.tenantId).toBe('t1');
    expect(body.expiresAt).toBe(new Date(2026, 4, 1).toISOString());
  });

  it('asks for a name and at least one scope, as the shared schema does', () => {
    const errors = apiKeyFormErrors(EMPTY_API_KEY_FORM, NOW);
    expect(errors.name).toBe('Give the key a name.');
    expect(errors.scopes).toBe('Choose at least one scope.');
  });

  it('refuses an expiry in the past or beyond the longest lifetime', () => {
    const base = { ...EMPTY_API_KEY_FORM, name: 'k', scopes: ['tenants:read' as const] };
    expect(apiKeyFormErrors({ ...base, expiresOn: '2026-03-09' }, NOW).expiresOn).toBe(
      'Choose today or a later day.',
    );
    expect(apiKeyFormErrors({ ...base, expiresOn: '2026-03-10' }, NOW).expiresOn).toBeUndefined();
    const { max } = expiryRange(NOW);
    expect(apiKeyFormErrors({ ...base, expiresOn: max }, NOW)).toEqual({});
    const after = dayOf(new Date(new Date(`${max}T12:00:00`).getTime() + 86_400_000));
    expect(apiKeyFormErrors({ ...base, expiresOn: after }, NOW).expiresOn).toBe(
      'At most 730 days ahead.',
    );
    expect(apiKeyFormErrors({ ...base, expiresOn: '2026-02-31' }, NOW).expiresOn).toBe(
      'Enter a date.',
    );
  });

  it('the expiry of the last day offered stays within the longest lifetime', () => {
    const { min, max } = expiryRange(NOW);
    expect(min).toBe('2026-03-10');
    const ends = Date.parse(expiryInstant(max)!);
    expect(ends - NOW).toBeLessThanOrEqual(730 * 86_400_000);
    expect(ends - NOW).toBeGreaterThan(729 * 86_400_000);
  });

  it('puts the server’s field errors on the form’s fields', () => {
    expect(
      toFormErrors({
        name: 'Taken.',
        'scopes.1': 'Invalid scope.',
        expiresAt: 'Too far.',
        tenantId: 'No such tenant.',
      }),
    ).toEqual({
      name: 'Taken.',
      scopes: 'Invalid scope.',
      expiresOn: 'Too far.',
      tenantId: 'No such tenant.',
    });
  });
});
