import type { AccountRole } from '@tenantry/shared';
import type { OutgoingMail } from '../../deps.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The invitation e-mail: the link carries the token, shown only here. */
export function invitationEmail(opts: {
  to: string;
  accountName: string;
  role: AccountRole;
  inviterEmail: string;
  url: string;
  expiresAt: Date;
}): OutgoingMail {
  const lines = [
    'Hello,',
    `${opts.inviterEmail} invited you to join ${opts.accountName} on Tenantry as ${opts.role === 'admin' ? 'an admin' : `a ${opts.role}`}.`,
    `The invitation is valid until ${opts.expiresAt.toUTCString()}. If you do not have a Tenantry account yet, you can create one with this e-mail address from the link.`,
  ];
  const text = [...lines, '', `Accept the invitation: ${opts.url}`, '', '— Tenantry'].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:32rem">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;padding:.6rem 1rem;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">Accept the invitation</a></p><p style="color:#666;font-size:.85rem">Or paste this address into your browser: ${escapeHtml(opts.url)}</p>`,
    '<p>— Tenantry</p></div>',
  ].join('');
  return { to: opts.to, subject: `You are invited to join ${opts.accountName}`, text, html };
}
