import type { MailMessage } from './index.ts';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Tenantry's own button colour (Mantine blue 6). */
const DEFAULT_BUTTON = '#228be6';

/**
 * A provider's brand on an e-mail to its clients (docs/branding.md), as the accounts module's
 * `mailBrand` gives it: the sender's display name and the signature, the button's colour, the
 * logo above the text, the Reply-To address and a footer of plain text. Without one (or with
 * a brand the plan does not apply) the e-mail is Tenantry's.
 */
export interface MailBrand {
  name: string;
  /** `#rrggbb` (readable with white text, checked when saved), or null. */
  color: string | null;
  /** An absolute URL of the logo, or null. */
  logoUrl: string | null;
  replyTo: string | null;
  footer: string | null;
}

/**
 * The one layout of every e-mail the app sends: plain-text and HTML bodies of the same lines,
 * an optional button-styled link (with the address spelled out for clients without HTML), and
 * the signature; with a `brand`, the provider's name, colour, logo, footer and Reply-To.
 */
export function layout(
  to: string,
  subject: string,
  lines: string[],
  link?: { url: string; label: string },
  /** Small print after the button, e.g. a link to stop these e-mails. */
  footer?: { text: string; link?: { url: string; label: string } },
  brand?: MailBrand | null,
  /** The line under the button, in the e-mail's language (lib/mail/i18n.ts). */
  pasteLine = 'Or paste this address into your browser:',
): MailMessage {
  // A subject carries names people typed (an account or tenant name with a line break):
  // one line, or the mailer refuses the message (header injection) after the change it
  // announces was saved.
  // eslint-disable-next-line no-control-regex -- the controls the mailer refuses in a header
  const oneLine = subject.replace(/[\0-\x08\n-\x1f\x7f]+/g, ' ');
  const signature = `— ${brand?.name ?? 'Tenantry'}`;
  const text = [
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    ...(footer
      ? ['', footer.text, ...(footer.link ? [`${footer.link.label}: ${footer.link.url}`] : [])]
      : []),
    '',
    signature,
    ...(brand?.footer ? ['', brand.footer] : []),
  ].join('\n');
  const button = brand?.color ?? DEFAULT_BUTTON;
  const html = [
    // A long address in a sentence (the code e-mail's page) breaks rather than run off a phone.
    '<div style="font-family:system-ui,sans-serif;max-width:32rem;overflow-wrap:anywhere;word-break:break-word">',
    brand?.logoUrl
      ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:48px;max-width:12rem"></p>`
      : '',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:.6rem 1rem;background:${button};color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:.85rem">${escapeHtml(pasteLine)} ${escapeHtml(link.url)}</p>`
      : '',
    footer
      ? `<p style="color:#666;font-size:.85rem">${escapeHtml(footer.text)}${
          footer.link
            ? ` <a href="${escapeHtml(footer.link.url)}" style="color:#666">${escapeHtml(footer.link.label)}</a>`
            : ''
        }</p>`
      : '',
    `<p>${escapeHtml(signature)}</p>`,
    brand?.footer
      ? `<p style="color:#666;font-size:.8rem;border-top:1px solid #ddd;padding-top:.5rem">${escapeHtml(
          brand.footer,
        ).replace(/\r?\n/g, '<br>')}</p>`
      : '',
    '</div>',
  ].join('');
  return {
    to,
    subject: oneLine,
    text,
    html,
    ...(brand ? { fromName: brand.name } : {}),
    ...(brand?.replyTo ? { replyTo: brand.replyTo } : {}),
  };
}
