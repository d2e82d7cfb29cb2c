/** The e-mail of evidence that expired or expires soon (docs/evidence.md, "Expiry"). */
import type { MailMessage } from '../../lib/mail/index.ts';
import { layout } from '../../lib/mail/layout.ts';

export interface NoticeFile {
  id: string;
  name: string;
  tenant_id: string;
  tenant_name: string;
  expires: string;
  state: 'expiring' | 'expired';
}

/** Most files one e-mail lists (the rest are counted). */
const LISTED = 25;

export function expiryEmail(
  to: { email: string; name: string },
  accountName: string,
  files: NoticeFile[],
  publicUrl: string,
): MailMessage {
  const expired = files.filter((f) => f.state === 'expired').length;
  const n = (k: number) => `${k} evidence file${k === 1 ? '' : 's'}`;
  const subject =
    expired === files.length
      ? `${n(expired)} expired (${accountName})`
      : expired > 0
        ? `${n(files.length)} expired or expiring soon (${accountName})`
        : `${n(files.length)} expiring within 30 days (${accountName})`;
  const line = (f: NoticeFile) =>
    `• ${f.name} (${f.tenant_name}): ${f.state === 'expired' ? `expired on ${f.expires}` : `expires on ${f.expires}`}. ${publicUrl}/tenant/${encodeURIComponent(f.tenant_id)}/evidence?file=${encodeURIComponent(f.id)}`;
  return layout(
    to.email,
    subject,
    [
      `Hello ${to.name},`,
      `This evidence of ${accountName}’s client tenants has expired or expires within 30 days. Replace it with a current file, or set a new expiry date, so that the answers it backs stay proven:`,
      ...files.slice(0, LISTED).map(line),
      ...(files.length > LISTED ? [`… and ${files.length - LISTED} more.`] : []),
      'Each file is mentioned once when it starts expiring and once when it has expired.',
    ],
    { url: `${publicUrl}/home`, label: 'Open Tenantry' },
  );
}
