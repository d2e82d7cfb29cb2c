import { FRAMEWORK_KEY_PATTERN, FRAMEWORK_LIMITS } from '@tenantry/shared';

/** Tags as content keeps them: trimmed, lowercase, each once. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

/** Lowercase ASCII letters and digits, every other run as one "-": the start of a key. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-');
}

/**
 * A playbook's or article's key from its title: `Patch management` → `patch-management`
 * (what the key field suggests until the author types their own); '' when nothing is left.
 */
export function keyFromTitle(title: string): string {
  const key = slug(title)
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, FRAMEWORK_LIMITS.key)
    .replace(/-+$/g, '');
  return FRAMEWORK_KEY_PATTERN.test(key) ? key : '';
}

/**
 * A framework key made from its name: lowercase letters, digits, "." and "-"
 * ("NIST CSF 2.0" → "nist-csf-2.0"), at most 64 characters. Unlike `keyFromTitle` it also
 * drops a trailing "." (kept as it was built: a suggested key is what authors saw before).
 */
export function keyFromName(name: string): string {
  return slug(name)
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 64)
    .replace(/[-.]+$/, '');
}
