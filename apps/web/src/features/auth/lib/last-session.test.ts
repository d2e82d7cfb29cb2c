import { afterEach, describe, expect, it } from 'vitest';
import { SHARED, USER } from '#web/test/fixtures.ts';
import { forgetSession, lastSessionOf, readLastSession, rememberSession } from './last-session.ts';

describe('the last session this browser knew', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('describes a member’s and a shared user’s session', () => {
    expect(lastSessionOf(null)).toBeNull();
    expect(lastSessionOf(USER)).toEqual({ kind: 'member' });
    expect(lastSessionOf(SHARED, 'Acme')).toEqual({
      kind: 'shared',
      tenantId: SHARED.ttid,
      tenantName: 'Acme',
    });
  });

  it('is remembered across reloads until forgotten', () => {
    expect(readLastSession()).toBeNull();
    rememberSession({ kind: 'shared', tenantId: 't1', tenantName: null });
    expect(readLastSession()).toEqual({ kind: 'shared', tenantId: 't1', tenantName: null });
    forgetSession();
    expect(readLastSession()).toBeNull();
  });

  it('ignores what it does not recognise', () => {
    window.localStorage.setItem('tenantry.lastSession', '{not json');
    expect(readLastSession()).toBeNull();
    window.localStorage.setItem('tenantry.lastSession', JSON.stringify({ kind: 'shared' }));
    expect(readLastSession()).toBeNull();
    window.localStorage.setItem('tenantry.lastSession', JSON.stringify({ kind: 'x' }));
    expect(readLastSession()).toBeNull();
  });
});
