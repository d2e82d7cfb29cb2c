import type { MailMessage } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';

/** The code that proves a domain for an account's single sign-on, to its administrative mailbox. */
export function domainCodeEmail(input: {
  to: string;
  code: string;
  domain: string;
  accountName: string;
  requestedBy: string;
  hours: number;
  publicUrl: string;
}): MailMessage {
  const spaced = `${input.code.slice(0, 4)} ${input.code.slice(4)}`;
  return layout(input.to, `Tenantry code for ${input.domain}: ${spaced}`, [
    'Hello,',
    `${input.requestedBy} wants the Tenantry account “${input.accountName}” to sign people in at ${input.domain} through its identity provider (single sign-on). Once proven, addresses at ${input.domain} may join that account by signing in there, and it may require single sign-on for them.`,
    `If you administer ${input.domain} and agree, give them this code (valid for ${input.hours} hours):`,
    spaced,
    `If you do not know this request, do not share the code: nothing changes without it. ${input.publicUrl}`,
  ]);
}
