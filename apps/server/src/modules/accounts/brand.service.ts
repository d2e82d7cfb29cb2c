/**
 * The account's brand (docs/branding.md): what its clients see on the respondent page, the
 * shared sign-in and shared layout, in the e-mails they get and on the PDF cover. Saving it is
 * the plan feature `brandedReports` (Pro and up); on another plan it is kept and readable but
 * not applied, so a downgrade loses nothing and an upgrade brings it back.
 */
import {
  ACCOUNT_ERROR_CODES,
  brandColorProblem,
  brandLogoUrl,
  mediaUrl,
  type Brand,
  type ClientBrand,
  type UpdateBrand,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import { accounts, media } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MailBrand } from '../../lib/mail/layout.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertFeature, hasFeature } from '../billing/entitlements.ts';
import { mediaHeaders, type StoredImage } from '../media/media.service.ts';

type Db = Pick<Database | Tx, 'select'>;

const BRAND_FIELDS = ['color', 'displayName', 'replyTo', 'emailFooter'] as const;

async function brandRow(db: Db, accountId: string) {
  const [row] = await db
    .select({
      accountName: accounts.name,
      color: accounts.brandColor,
      displayName: accounts.brandDisplayName,
      replyTo: accounts.brandReplyTo,
      emailFooter: accounts.brandEmailFooter,
      logoMediaId: media.id,
    })
    .from(accounts)
    .leftJoin(media, and(eq(media.accountId, accounts.id), eq(media.purpose, 'account_logo')))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

/** Whether the account's plan applies its brand now. */
async function brandApplies(db: Db, accountId: string): Promise<boolean> {
  const f = await hasFeature(db, accountId, 'brandedReports');
  return f !== false && f.allowed;
}

/** GET /api/v1/account/brand: the settings as stored, and whether they apply. */
export async function readBrand(db: Database, scope: AccountContext): Promise<Brand> {
  const [row, applied] = await Promise.all([
    brandRow(db, scope.accountId),
    brandApplies(db, scope.accountId),
  ]);
  if (!row) throw notFound('This account no longer exists.');
  return {
    color: row.color,
    displayName: row.displayName,
    replyTo: row.replyTo,
    emailFooter: row.emailFooter,
    logoUrl: row.logoMediaId ? mediaUrl(row.logoMediaId) : null,
    accountName: row.accountName,
    applied,
  };
}

/**
 * Saves the brand (every field; null clears one). Refused with 402 `billing.feature_locked`
 * on a plan without branding, and with 400 `account.brand_low_contrast` (the ratio in the
 * message) for a colour white text is not readable on. Audited with the fields that changed.
 */
export async function updateBrand(
  db: Database,
  actor: AccountContext,
  input: UpdateBrand,
): Promise<void> {
  await assertFeature(db, actor.accountId, 'brandedReports');
  const problem = input.color ? brandColorProblem(input.color) : null;
  if (problem) {
    throw new AppError(ACCOUNT_ERROR_CODES.brandLowContrast, 400, problem, { color: problem });
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        color: accounts.brandColor,
        displayName: accounts.brandDisplayName,
        replyTo: accounts.brandReplyTo,
        emailFooter: accounts.brandEmailFooter,
      })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!before) throw notFound('This account no longer exists.');
    const changed = BRAND_FIELDS.filter((k) => before[k] !== input[k]);
    if (changed.length === 0) return;
    await tx
      .update(accounts)
      .set({
        brandColor: input.color,
        brandDisplayName: input.displayName,
        brandReplyTo: input.replyTo,
        brandEmailFooter: input.emailFooter,
      })
      .where(eq(accounts.id, actor.accountId));
    await recordAudit(tx, actor, {
      action: 'account.brand_updated',
      targetType: 'account',
      targetId: actor.accountId,
      data: { changed, color: input.color, displayName: input.displayName },
    });
  });
}

export interface AppliedBrand extends ClientBrand {
  /** Whether the plan applies the brand (else only `name`, the account's, is set). */
  applied: boolean;
  replyTo: string | null;
  emailFooter: string | null;
}

/**
 * The brand an account's clients see now: with the plan's feature, its colour, logo (a public
 * URL), display name, Reply-To and footer; without, the account's name and nothing else.
 */
export async function clientBrand(db: Db, accountId: string): Promise<AppliedBrand> {
  const [row, applied] = await Promise.all([brandRow(db, accountId), brandApplies(db, accountId)]);
  const name = row?.accountName ?? '';
  if (!row || !applied) {
    return { name, color: null, logoUrl: null, applied: false, replyTo: null, emailFooter: null };
  }
  return {
    name: row.displayName ?? name,
    color: row.color,
    logoUrl: row.logoMediaId ? brandLogoUrl(row.logoMediaId) : null,
    applied: true,
    replyTo: row.replyTo,
    emailFooter: row.emailFooter,
  };
}

/** What a page shows of the brand (no Reply-To, no footer). */
export const pageBrand = (b: AppliedBrand): ClientBrand => ({
  name: b.name,
  color: b.color,
  logoUrl: b.logoUrl,
});

/**
 * The brand of an e-mail to the account's clients (lib/mail/layout.ts), with the logo as an
 * absolute URL; null when the plan does not apply it (the e-mail is then Tenantry's).
 */
export async function mailBrand(
  db: Db,
  accountId: string,
  publicUrl: string,
): Promise<MailBrand | null> {
  const b = await clientBrand(db, accountId);
  if (!b.applied) return null;
  return {
    name: b.name,
    color: b.color,
    logoUrl: b.logoUrl ? `${publicUrl}${b.logoUrl}` : null,
    replyTo: b.replyTo,
    footer: b.emailFooter,
  };
}

/**
 * A brand logo by its media id, for anyone who has the id (the respondent page, the shared
 * sign-in, e-mails): only an account's current logo, and only while its plan applies the
 * brand; anything else is a 404.
 */
export async function readPublicBrandLogo(
  db: Database,
  id: string,
): Promise<{ image: StoredImage; headers: Record<string, string> }> {
  const [row] = await db
    .select({
      id: media.id,
      contentType: media.contentType,
      data: media.data,
      accountId: media.accountId,
    })
    .from(media)
    .where(and(eq(media.id, id), eq(media.purpose, 'account_logo')))
    .limit(1);
  if (!row?.accountId || !(await brandApplies(db, row.accountId))) {
    throw notFound('There is no such image.');
  }
  const image: StoredImage = { id: row.id, contentType: row.contentType, data: row.data };
  const headers = mediaHeaders(image, 'immutable');
  // Public: the id is the authority, and the bytes of an id never change.
  headers['cache-control'] = 'public, max-age=31536000, immutable';
  headers['cross-origin-resource-policy'] = 'cross-origin';
  return { image, headers };
}
