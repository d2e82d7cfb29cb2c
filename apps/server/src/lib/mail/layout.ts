import type { MailMessage } from './index.ts';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The one layout of every e-mail the app sends: plain-text and HTML bodies of the same lines,
 * an optional button-styled link (with the address spelled out for clients without HTML), and
 * the signature.
 */
export function layout(
  to: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
  /** Small print after the button, e.g. a link to stop these e-mails. */
  footer?: { text: string; link?: { url: string; label: string } },
  /** The line under the button, in the e-mail's language (lib/mail/i18n.ts). */
  pasteLine = 'Or paste this address into your browser:',
): MailMessage {
  // A subject carries names people typed (an account or tenant name with a line break):
  // one line, or the mailer refuses the message (header injection) after the change it
  // announces was saved.
  // eslint-disable-next-line no-control-regex -- the controls the mailer refuses in a header
  const oneLine = subject.replace(/[\0-\x08\n-\x1f\x7f]+/g, ' ');
  const text = [
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    ...(footer
      ? ['', footer.text, ...(footer.link ? [`${footer.link.label}: ${footer.link.url}`] : [])]
      : []),
    '',
    '— Tenantry',
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:32rem">',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:.6rem 1rem;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:.85rem">${escapeHtml(pasteLine)} ${escapeHtml(link.url)}</p>`
      : '',
    footer
      ? `<p style="color:#666;font-size:.85rem">${escapeHtml(footer.text)}${
          footer.link
            ? ` <a href="${escapeHtml(footer.link.url)}" style="color:#666">${escapeHtml(footer.link.label)}</a>`
            : ''
        }</p>`
      : '',
    '<p>— Tenantry</p></div>',
  ].join('');
  return { to, subject: oneLine, text, html };
}
