import type { SsoConfig, SsoConfigInput, SsoDefaultRole, SsoTenantAccess } from '@tenantry/shared';
import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

/** The provider form as typed (the secret left empty keeps the stored one). */
export interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  requireSso: boolean;
  defaultRole: SsoDefaultRole;
  defaultTenantAccess: SsoTenantAccess;
  defaultTenantTags: string[];
}

export function initialValues(config: SsoConfig): SsoFormValues {
  return {
    issuer: config.provider?.issuer ?? '',
    clientId: config.provider?.clientId ?? '',
    clientSecret: '',
    requireSso: config.requireSso,
    defaultRole: config.defaultRole,
    defaultTenantAccess: config.defaultTenantAccess,
    defaultTenantTags: config.defaultTenantTags,
  };
}

/** What PUT /api/v1/account/sso is sent: no `clientSecret` when none was typed. */
export function toInput(values: SsoFormValues): SsoConfigInput {
  const secret = values.clientSecret.trim();
  return {
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(secret ? { clientSecret: secret } : {}),
    requireSso: values.requireSso,
    defaultRole: values.defaultRole,
    defaultTenantAccess: values.defaultTenantAccess,
    defaultTenantTags: values.defaultTenantAccess === 'tags' ? values.defaultTenantTags : [],
  };
}

/** The fields a refusal names (400 with `fields`), for the form; null for any other error. */
export function formErrorsOf(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const entries = Object.entries(err.fields);
  if (entries.length === 0) return null;
  const errors: Record<string, string> = {};
  for (const [key, message] of entries) errors[key.split('.')[0]!] ??= message;
  return errors;
}

/** Examples an owner copies from: where each provider's issuer is. */
export const ISSUER_EXAMPLES = [
  { name: 'Microsoft Entra ID', issuer: 'https://login.microsoftonline.com/{tenant-id}/v2.0' },
  { name: 'Google Workspace', issuer: 'https://accounts.google.com' },
] as const;

/** Why sign-in through the provider does not work yet, or null when it does. */
export function inactiveReason(config: SsoConfig): string | null {
  if (config.active) return null;
  if (!config.available) return t('settings.inactive.plan');
  if (!config.provider) return t('settings.inactive.provider');
  return t('settings.inactive.domain');
}
