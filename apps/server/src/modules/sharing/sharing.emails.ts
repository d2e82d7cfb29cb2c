import { sharedSignInPath, type ShareRole } from '@tenantry/shared';
import { layout } from '../../auth/emails.ts';
import type { OutgoingMail } from '../../deps.ts';
import type { SharedSignInContext } from './shared-signin-context.ts';

const ROLE_WORDS: Record<ShareRole, string> = {
  viewer: 'view',
  contributor: 'view and contribute to',
};

/** To the invitee of a new share: who shared what, and the link to the shared sign-in. */
export function shareInvitationEmail(input: {
  to: string;
  sharedBy: string;
  accountName: string;
  tenantId: string;
  tenantName: string;
  role: ShareRole;
  publicUrl: string;
}): OutgoingMail {
  const url = `${input.publicUrl}${sharedSignInPath(input.tenantId)}`;
  return layout(
    input.to,
    `${input.accountName} shared “${input.tenantName}” with you on Tenantry`,
    [
      'Hello,',
      `${input.sharedBy} of ${input.accountName} invited you to ${ROLE_WORDS[input.role]} the client workspace “${input.tenantName}” on Tenantry.`,
      'Open the link and sign in with this e-mail address: we will send you a one-time code. You do not need a password.',
    ],
    { url, label: `Open “${input.tenantName}”` },
  );
}

/** The one-time code of a shared sign-in. */
export function sharedSignInCodeEmail(
  to: string,
  code: string,
  shared: SharedSignInContext,
  publicUrl: string,
): OutgoingMail {
  const url = `${publicUrl}${sharedSignInPath(shared.tenantId)}`;
  return layout(to, `Your Tenantry sign-in code: ${code}`, [
    'Hello,',
    `Your code to sign in to “${shared.tenantName}” (shared by ${shared.accountName}) is:`,
    code,
    `It is valid for 10 minutes and can be used once. Enter it on ${url}.`,
    'If you did not ask for it, you can ignore this e-mail.',
  ]);
}
