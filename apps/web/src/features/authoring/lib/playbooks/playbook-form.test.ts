import type { Playbook } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { formValuesOf, moveItem, newStep, toSaveBody } from './playbook-form.ts';

const PLAYBOOK: Playbook = {
  id: 'p1',
  key: 'patching',
  scope: 'private',
  status: 'draft',
  revision: 3,
  publishedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: 'Robin Park',
  title: 'Patching',
  summary: '',
  priority: 'high',
  tags: ['ops'],
  steps: [
    { title: 'Inventory', body: 'List assets', effort: 'S', ownerRole: 'IT' },
    { title: 'Patch', body: '', effort: 'M', ownerRole: '' },
  ],
};

describe('playbook form', () => {
  it('round-trips a playbook through the form (steps get a uid that is never sent)', () => {
    const values = formValuesOf(PLAYBOOK);
    expect(new Set(values.steps.map((s) => s.uid)).size).toBe(2);
    expect(toSaveBody(values, 3)).toEqual({
      revision: 3,
      title: 'Patching',
      summary: '',
      priority: 'high',
      tags: ['ops'],
      steps: PLAYBOOK.steps,
    });
  });

  it('trims titles and owner roles; tags trimmed, lower-cased and unique', () => {
    const values = {
      ...formValuesOf(PLAYBOOK),
      title: '  Patching  ',
      tags: [' Ops', 'ops', 'NIS2 '],
      steps: [{ ...newStep(), title: ' Do it ', ownerRole: ' CISO ' }],
    };
    const body = toSaveBody(values, 4);
    expect(body.title).toBe('Patching');
    expect(body.tags).toEqual(['ops', 'nis2']);
    expect(body.steps[0]).toEqual({ title: 'Do it', body: '', effort: 'M', ownerRole: 'CISO' });
  });

  it('moves an item within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
