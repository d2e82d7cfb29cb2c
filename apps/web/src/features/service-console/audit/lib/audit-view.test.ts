import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  actorLabel,
  apiQuery,
  exportHref,
  readFilters,
  verificationMessage,
  writeFilters,
} from './audit-view.ts';

describe('the audit tab’s filters', () => {
  it('reads the URL, leaving out what is not valid', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'actor= a@b.c &account=acc-1&action=service.&from=2026-02-30&to=2026-03-01',
        ),
      ),
    ).toEqual({ actor: 'a@b.c', account: 'acc-1', action: 'service.', from: '', to: '2026-03-01' });
    expect(readFilters(new URLSearchParams('action=DROP TABLE'))).toEqual(NO_FILTERS);
  });

  it('writes only what is set', () => {
    const next = writeFilters(new URLSearchParams('actor=x&other=1'), {
      actor: '',
      action: 'auth.',
    });
    expect(next.toString()).toBe('other=1&action=auth.');
  });

  it('turns days into the API’s instants, the end day included', () => {
    const qs = apiQuery({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01', account: 'a' });
    expect(qs.get('accountId')).toBe('a');
    expect(Date.parse(qs.get('to')!) - Date.parse(qs.get('from')!)).toBe(86_400_000);
    expect(qs.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    // An end before the start is dropped rather than refused.
    const back = apiQuery({ ...NO_FILTERS, from: '2026-03-05', to: '2026-03-01' });
    expect(back.has('to')).toBe(false);
    expect(exportHref({ ...NO_FILTERS, actor: 'u1' }, 'json')).toBe(
      '/api/v1/service/audit/export?actor=u1&format=json',
    );
  });
});

describe('words of the audit tab', () => {
  it('names who acted', () => {
    const base = {
      id: 'e',
      createdAt: '',
      action: 'service.role_granted',
      actorUserId: null,
      actorEmail: null,
      accountId: null,
      accountName: null,
      targetType: 'user',
      targetId: null,
      ipAddress: null,
      chainSeq: null,
    };
    expect(actorLabel({ ...base, data: { via: 'cli' } })).toBe('Command line');
    expect(actorLabel({ ...base, action: 'auth.sign_in_failed', data: {} })).toBe('Unknown');
    expect(actorLabel({ ...base, data: {} })).toBe('System');
    expect(actorLabel({ ...base, actorEmail: 'a@b.c', data: {} })).toBe('a@b.c');
  });

  it('says what a verification found', () => {
    expect(verificationMessage({ ok: true, checked: 1, unsealed: 0 })).toEqual({
      title: 'The audit chain is intact',
      body: '1 sealed entry checked: none changed or missing.',
    });
    expect(
      verificationMessage({ ok: false, checked: 2, firstBrokenSeq: 3, reason: 'gap', unsealed: 1 }),
    ).toEqual({
      title: 'The audit chain is broken at entry #3',
      body: 'At entry #3 an entry is missing: it was deleted, or its seal was removed. 2 entries before it verified. 1 newer entry is not sealed yet (within seconds).',
    });
  });
});
