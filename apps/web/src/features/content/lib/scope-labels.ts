import type { ContentScope } from '@tenantry/shared';

export const SCOPE_LABELS: Record<ContentScope, string> = {
  global: 'Global',
  private: 'Private',
};

/** Who reads a framework of the scope once it is published. */
export const SCOPE_HINTS: Record<ContentScope, string> = {
  global: 'Every account can use it once published.',
  private: 'Only your account can use it once published.',
};

/**
 * A framework key made from its name: lowercase letters, digits, "." and "-"
 * ("NIST CSF 2.0" → "nist-csf-2.0"), at most 64 characters.
 */
export function keyFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+/, '')
    .slice(0, 64)
    .replace(/[-.]+$/, '');
}
