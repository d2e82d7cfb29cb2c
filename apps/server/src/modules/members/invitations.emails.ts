import type { AccountRole } from '@tenantry/shared';
import type { MailMessage } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';

/** The invitation e-mail: the link carries the token, shown only here. */
export function invitationEmail(opts: {
  to: string;
  accountName: string;
  role: AccountRole;
  inviterEmail: string;
  url: string;
  expiresAt: Date;
}): MailMessage {
  return layout(
    opts.to,
    `You are invited to join ${opts.accountName}`,
    [
      'Hello,',
      `${opts.inviterEmail} invited you to join ${opts.accountName} on Tenantry as ${opts.role === 'admin' ? 'an admin' : `a ${opts.role}`}.`,
      `The invitation is valid until ${opts.expiresAt.toUTCString()}. If you do not have a Tenantry account yet, you can create one with this e-mail address from the link.`,
    ],
    { url: opts.url, label: 'Accept the invitation' },
  );
}
