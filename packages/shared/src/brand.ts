/**
 * The provider's brand as its clients see it (docs/branding.md): pure functions, no zod, so the
 * respondent page and the guest pages may use them without weight.
 */

/** `#rrggbb`, lower case once stored. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x AA for normal text. */
export const BRAND_MIN_CONTRAST = 4.5;

/** Relative luminance of an sRGB `#rrggbb` colour (WCAG 2.x). */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** The contrast ratio of two `#rrggbb` colours, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** `4.4999` → `4.49` (rounded down, so a shown figure never passes when the colour fails). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The light grey the client pages are drawn on (`--bg` of the respondent page and the guest
 * pages): links in the brand colour sit on it, a little darker than white.
 */
export const BRAND_PAGE_BACKGROUND = '#f8f9fa';

/**
 * Why a brand colour is refused, or null when it is readable. The colour is used in two ways:
 * as the background of buttons with white text, and as text (links, headings) on the pages'
 * light grey or white. The grey is the harder of the two, so its ratio decides; the message
 * names both uses.
 */
export function brandColorProblem(hex: string): string | null {
  if (!BRAND_COLOR_PATTERN.test(hex)) return 'Enter a colour as #rrggbb, e.g. #1864ab.';
  const ratio = Math.min(contrastRatio(hex, '#ffffff'), contrastRatio(hex, BRAND_PAGE_BACKGROUND));
  if (ratio >= BRAND_MIN_CONTRAST) return null;
  return (
    `${hex.toLowerCase()} is too light: white text on it (buttons) and it as text on the ` +
    `pages' light grey reach a contrast of ${formatRatio(ratio)}, below the ` +
    `${BRAND_MIN_CONTRAST}:1 that WCAG AA asks for. Choose a darker colour.`
  );
}

/** What a client page or e-mail shows of the provider: the name, and the brand if applied. */
export interface ClientBrand {
  /** The display name, else the account's name. */
  name: string;
  /** `#rrggbb`, or null: Tenantry's own colour. */
  color: string | null;
  /** A public URL of the logo (`/api/v1/brand-logos/{id}`), or null. */
  logoUrl: string | null;
}

/** The public URL of a brand logo: the logo's media id, served to anyone who has it. */
export const brandLogoUrl = (mediaId: string) => `/api/v1/brand-logos/${mediaId}`;

/**
 * The CSS variables a client page takes the brand colour from (`--brand`, and `--brand-soft`
 * for tinted backgrounds), or none for Tenantry's own. The pages' style sheets read them with
 * their own colour as the fallback: a brand costs a page no script but this.
 */
export function brandCssVariables(color: string | null | undefined): Record<string, string> {
  if (!color || !BRAND_COLOR_PATTERN.test(color)) return {};
  return { '--brand': color, '--brand-soft': `${color}1a` };
}

/** Sets (or clears) the brand's CSS variables on an element's inline style, e.g. `<html>`. */
export function applyBrandCss(
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): void },
  color: string | null | undefined,
): void {
  const vars = brandCssVariables(color);
  for (const name of ['--brand', '--brand-soft']) {
    const value = vars[name];
    if (value) style.setProperty(name, value);
    else style.removeProperty(name);
  }
}
