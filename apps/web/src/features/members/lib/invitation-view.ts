import type { InvitationPreview } from '@tenantry/shared';

export type InvitationView =
  | { kind: 'unusable'; message: string }
  | { kind: 'signedOut' }
  | { kind: 'wrongEmail'; message: string }
  | { kind: 'canAccept' };

/** What the invitation page offers a visitor: pure, so every branch is unit-tested. */
export function invitationView(
  invitation: Pick<InvitationPreview, 'status' | 'email' | 'accountName'>,
  user: { email: string } | null,
): InvitationView {
  switch (invitation.status) {
    case 'accepted':
      return { kind: 'unusable', message: 'This invitation has already been accepted.' };
    case 'revoked':
      return {
        kind: 'unusable',
        message: `This invitation was withdrawn. Ask someone at ${invitation.accountName} for a new one.`,
      };
    case 'expired':
      return {
        kind: 'unusable',
        message: `This invitation has expired. Ask someone at ${invitation.accountName} for a new one.`,
      };
    case 'pending':
      break;
  }
  if (!user) return { kind: 'signedOut' };
  if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return {
      kind: 'wrongEmail',
      // i18n-ignore: shown by the guest pages only (src/guest), which must not load this catalogue
      message: `This invitation is for ${invitation.email}, but you are signed in as ${user.email}. Sign out and sign in (or create an account) with ${invitation.email} to accept it.`,
    };
  }
  return { kind: 'canAccept' };
}

/** Links of a signed-out visitor: sign up with the invited address, or sign in; then back here. */
export function invitationAuthLinks(token: string, email: string) {
  const next = `/invitations/${encodeURIComponent(token)}`;
  return {
    signUp: `/signup?${new URLSearchParams({ email, next }).toString()}`,
    signIn: `/signin?${new URLSearchParams({ next }).toString()}`,
  };
}

/** The invitation token of a return-to path (`/invitations/{token}`), else null. */
export function invitationTokenOf(path: string | null): string | null {
  const m = /^\/invitations\/([^/?#]+)/.exec(path ?? '');
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
