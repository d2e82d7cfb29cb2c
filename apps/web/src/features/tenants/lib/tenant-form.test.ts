import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONTACT,
  EMPTY_TENANT_FORM,
  errorFor,
  formValuesOf,
  toTenantBody,
  validateTenantForm,
} from './tenant-form.ts';
import { EMPTY_POSTURE } from '#web/test/fixtures.ts';

describe('tenant form', () => {
  it('trims, clears blanks to null, drops blank contact rows and normalises tags', () => {
    const body = toTenantBody({
      ...EMPTY_TENANT_FORM,
      name: '  Acme  ',
      industry: '   ',
      tags: ['Finance', ' finance', 'EU', ' '],
      contacts: [
        { ...EMPTY_CONTACT },
        { name: ' Ada ', email: ' ada@acme.test ', phone: '', role: 'CISO' },
      ],
    });
    expect(body).toEqual({
      name: 'Acme',
      industry: null,
      size: null,
      tags: ['finance', 'eu'],
      contacts: [{ name: 'Ada', email: 'ada@acme.test', role: 'CISO' }],
      notes: '',
    });
  });

  it('reports errors under the same keys as the server', () => {
    const r = validateTenantForm({
      ...EMPTY_TENANT_FORM,
      name: ' ',
      tags: ['x'.repeat(41)],
      contacts: [{ ...EMPTY_CONTACT, email: 'nope' }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('Enter a name.');
    expect(errorFor(r.errors, 'tags')).toMatch(/at most 40/);
    expect(r.errors['contacts.0.name']).toBeDefined();
    expect(r.errors['contacts.0.email']).toBeDefined();
  });

  it('round-trips a tenant through the form', () => {
    const tenant = {
      id: 't1',
      name: 'Acme',
      industry: 'Retail',
      size: '11-50' as const,
      tags: ['eu'],
      contacts: [{ name: 'Ada', email: 'ada@acme.test' }],
      notes: 'hi',
      archivedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      latest: null,
      openAssessments: 0,
      openTasks: 0,
      nextTaskDue: null,
      nextAssessmentDue: null,
      posture: EMPTY_POSTURE,
    };
    const r = validateTenantForm(formValuesOf(tenant));
    expect(r).toEqual({
      ok: true,
      body: {
        name: 'Acme',
        industry: 'Retail',
        size: '11-50',
        tags: ['eu'],
        contacts: [{ name: 'Ada', email: 'ada@acme.test' }],
        notes: 'hi',
      },
    });
  });
});
