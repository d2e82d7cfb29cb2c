import { sharedSignInPath, type Locale, type ShareRole } from '@tenantry/shared';
import type { SharedSignInContext } from '../../auth/types.ts';
import { mailTranslator } from '../../lib/mail/i18n.ts';
import type { MailMessage } from '../../lib/mail/index.ts';
import { layout, type MailBrand } from '../../lib/mail/layout.ts';

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
  /** The recipient's last known language (`mailLocale`); English when left out. */
  locale?: Locale;
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null;
}): MailMessage {
  const { t } = mailTranslator(input.locale ?? 'en');
  const url = `${input.publicUrl}${sharedSignInPath(input.tenantId, input.shareId)}`;
  const provider = input.brand?.name ?? input.accountName;
  const names = { sharedBy: input.sharedBy, account: provider, tenant: input.tenantName };
  return layout(
    input.to,
    t('share.subject', names),
    [
      t('hello'),
      t(input.role === 'viewer' ? 'share.invited.viewer' : 'share.invited.contributor', names),
      t('share.how'),
    ],
    { url, label: t('share.open', names) },
    undefined,
    input.brand,
    t('layout.paste'),
  );
}

/** The one-time code of a shared sign-in, in the language its page was shown in. */
export function sharedSignInCodeEmail(
  to: string,
  code: string,
  shared: SharedSignInContext,
  publicUrl: string,
  /** The provider's brand (accounts' `mailBrand`), or null: Tenantry's look. */
  brand: MailBrand | null,
  locale: Locale = 'en',
): MailMessage {
  const { t } = mailTranslator(locale);
  const url = `${publicUrl}${sharedSignInPath(shared.tenantId)}`;
  return layout(
    to,
    t('code.subject', { code }),
    [
      t('hello'),
      t('code.intro', { tenant: shared.tenantName, account: brand?.name ?? shared.accountName }),
      code,
      t('code.valid', { url }),
      t('code.ignore'),
    ],
    undefined,
    undefined,
    brand,
    t('layout.paste'),
  );
}
