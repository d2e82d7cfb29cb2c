import { BRAND_COLOR_PATTERN, brandColorProblem, type ClientBrand } from '@tenantry/shared';

/** The brand form's values as typed (strings; empty means "not set"). */
export interface BrandValues {
  color: string;
  displayName: string;
  replyTo: string;
  emailFooter: string;
}

/** Tenantry's own button colour, the preview's fallback (the pages' indigo). */
export const DEFAULT_BRAND_COLOR = '#3b5bdb';

/**
 * What the preview shows while the form is edited: the colour only once it is a full `#rrggbb`
 * that passes the contrast check (a refused colour would never be applied), the display name
 * else the account's name, and the current logo.
 */
export function previewBrand(
  values: BrandValues,
  account: { name: string; logoUrl: string | null },
): ClientBrand & { footer: string | null; replyTo: string | null } {
  const color = values.color.trim().toLowerCase();
  const usable = BRAND_COLOR_PATTERN.test(color) && brandColorProblem(color) === null;
  return {
    name: values.displayName.trim() || account.name,
    color: usable ? color : null,
    logoUrl: account.logoUrl,
    footer: values.emailFooter.trim() || null,
    replyTo: values.replyTo.trim() || null,
  };
}

/** The live message under the colour field: null while empty or fine. */
export function colorMessage(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return brandColorProblem(v.toLowerCase());
}
