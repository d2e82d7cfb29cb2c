import { sharedSignInPath, type ShareRole } from '@tenantry/shared';
import type { SharedSignInContext } from '../../auth/types.ts';
import type { MailMessage } from '../../lib/mail/index.ts';
import { layout, type MailBrand } from '../../lib/mail/layout.ts';

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
  /** The share's id: the link carries it, so the page can name the account that shared. */
  shareId: string;
  tenantName: string;
  role: ShareRole;
  publicUrl: string;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}): MailMessage {
  const url = `${input.publicUrl}${sharedSignInPath(input.tenantId, input.shareId)}`;
  const provider = input.brand?.name ?? input.accountName;
  return layout(
    input.to,
    `${provider} shared “${input.tenantName}” with you on Tenantry`,
    [
      'Hello,',
      `${input.sharedBy} of ${provider} invited you to ${ROLE_WORDS[input.role]} the client workspace “${input.tenantName}” on Tenantry.`,
      'Open the link and sign in with this e-mail address: we will send you a one-time code. You do not need a password.',
    ],
    { url, label: `Open “${input.tenantName}”` },
    undefined,
    input.brand,
  );
}

/** The one-time code of a shared sign-in. */
export function sharedSignInCodeEmail(
  to: string,
  code: string,
  shared: SharedSignInContext,
  publicUrl: string,
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null,
): MailMessage {
  const url = `${publicUrl}${sharedSignInPath(shared.tenantId)}`;
  return layout(
    to,
    `Your Tenantry sign-in code: ${code}`,
    [
      'Hello,',
      `Your code to sign in to “${shared.tenantName}” (shared by ${brand?.name ?? shared.accountName}) is:`,
      code,
      `It is valid for 10 minutes and can be used once. Enter it on ${url}.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ],
    undefined,
    undefined,
    brand,
  );
}
