import type { OutgoingMail } from '../deps.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Plain-text and HTML bodies of one e-mail in the app's simple layout. */
export function layout(
  to: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
): OutgoingMail {
  const text = [
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    '— Tenantry',
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:32rem">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:.6rem 1rem;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:.85rem">Or paste this address into your browser: ${escapeHtml(link.url)}</p>`
      : '',
    '<p>— Tenantry</p></div>',
  ].join('');
  return { to, subject, text, html };
}

export function verificationEmail(to: string, name: string, url: string): OutgoingMail {
  return layout(
    to,
    'Confirm your e-mail address',
    [
      `Hello ${name},`,
      'Please confirm your e-mail address for your Tenantry account.',
      'The link is valid for 24 hours.',
    ],
    { url, label: 'Confirm e-mail address' },
  );
}

export function resetPasswordEmail(to: string, name: string, url: string): OutgoingMail {
  return layout(
    to,
    'Reset your password',
    [
      `Hello ${name},`,
      'Someone (hopefully you) asked to reset the password of your Tenantry account.',
      'The link is valid for one hour. If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );
}

/** Sent instead of revealing "this address is taken" to whoever submitted the sign-up form. */
export function existingAccountEmail(
  to: string,
  signInUrl: string,
  resetUrl: string,
): OutgoingMail {
  return layout(to, 'Someone tried to create an account with your address', [
    'Someone (hopefully you) tried to create a Tenantry account with this e-mail address, which already has an account.',
    `Sign in at ${signInUrl}, or choose a new password at ${resetUrl} if you forgot it.`,
    'If it was not you, you can ignore this e-mail.',
  ]);
}
