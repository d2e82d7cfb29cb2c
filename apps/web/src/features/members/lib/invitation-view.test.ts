import { describe, expect, it } from 'vitest';
import { invitationAuthLinks, invitationTokenOf, invitationView } from './invitation-view.ts';

const pending = { status: 'pending' as const, email: 'kim@example.test', accountName: 'Acme' };

describe('the invitation page', () => {
  it('asks a signed-out visitor to sign up or sign in', () => {
    expect(invitationView(pending, null)).toEqual({ kind: 'signedOut' });
  });

  it('offers Accept to the invited address, in any case', () => {
    expect(invitationView(pending, { email: 'KIM@example.test' })).toEqual({ kind: 'canAccept' });
  });

  it('explains a wrong address', () => {
    const view = invitationView(pending, { email: 'lee@example.test' });
    expect(view.kind).toBe('wrongEmail');
    expect(view.kind === 'wrongEmail' && view.message).toContain('kim@example.test');
  });

  it('says plainly when the invitation cannot be used', () => {
    for (const status of ['accepted', 'revoked', 'expired'] as const) {
      expect(invitationView({ ...pending, status }, { email: 'kim@example.test' }).kind).toBe(
        'unusable',
      );
    }
  });

  it('links to sign-up with the address prefilled and back to the invitation', () => {
    expect(invitationAuthLinks('tok_1', 'kim+x@example.test')).toEqual({
      signUp: '/signup?email=kim%2Bx%40example.test&next=%2Finvitations%2Ftok_1',
      signIn: '/signin?next=%2Finvitations%2Ftok_1',
    });
  });
});

describe('the invitation a sign-up returns to', () => {
  it('reads the token of an invitation path', () => {
    expect(invitationTokenOf('/invitations/abc123')).toBe('abc123');
    expect(invitationTokenOf('/invitations/a%2Fb?x=1')).toBe('a/b');
    expect(invitationTokenOf('/admin')).toBeNull();
    expect(invitationTokenOf(null)).toBeNull();
    expect(invitationTokenOf('/invitations/%E0%A4%A')).toBeNull();
  });
});
