import type { Locale } from '@tenantry/shared';
import { mailTranslator } from '../../../lib/mail/i18n.ts';
import type { MailMessage } from '../../../lib/mail/index.ts';
import { layout, type MailBrand } from '../../../lib/mail/layout.ts';

/**
 * To a respondent: who asks, for what, until when, and their own link (no account needed), in
 * the respondent's language (`mailLocale`: the assessment's, else theirs, else English).
 */
export function respondentLinkEmail(input: {
  to: string;
  name: string;
  link: string;
  /** Where they stop reminders for this assessment. */
  stopLink: string;
  expiresAt: Date;
  assessmentName: string;
  tenantName: string;
  accountName: string;
  sentBy: string;
  locale?: Locale;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}): MailMessage {
  const tr = mailTranslator(input.locale ?? 'en');
  const { t } = tr;
  const provider = input.brand?.name ?? input.accountName;
  return layout(
    input.to,
    t('invitation.subject', { sentBy: input.sentBy, assessment: input.assessmentName }),
    [
      t('greeting', { name: input.name }),
      t('invitation.asks', {
        sentBy: input.sentBy,
        account: provider,
        assessment: input.assessmentName,
        tenant: input.tenantName,
      }),
      t('invitation.how'),
      t('link.until', { until: tr.day(input.expiresAt) }),
    ],
    { url: input.link, label: t('link.answer') },
    { text: t('invitation.footer'), link: { url: input.stopLink, label: t('link.stop') } },
    input.brand,
    t('layout.paste'),
  );
}
