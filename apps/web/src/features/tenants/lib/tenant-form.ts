import {
  CreateTenantSchema,
  type CreateTenantInput,
  type Tenant,
  type TenantSize,
} from '@tenantry/shared';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  role: string;
}

/** What the tenant form holds: plain strings, as inputs give them. */
export interface TenantFormValues {
  name: string;
  industry: string;
  size: TenantSize | '';
  tags: string[];
  contacts: ContactValues[];
  notes: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', role: '' };

export const EMPTY_TENANT_FORM: TenantFormValues = {
  name: '',
  industry: '',
  size: '',
  tags: [],
  contacts: [],
  notes: '',
};

export function formValuesOf(t: Tenant): TenantFormValues {
  return {
    name: t.name,
    industry: t.industry ?? '',
    size: t.size ?? '',
    tags: t.tags,
    contacts: t.contacts.map((c) => ({
      name: c.name,
      email: c.email ?? '',
      phone: c.phone ?? '',
      role: c.role ?? '',
    })),
    notes: t.notes,
  };
}

const opt = (s: string) => (s.trim() ? s.trim() : undefined);

/**
 * The request body for the form: blank optional fields are left out (or null, to clear
 * them), contact rows left wholly blank are dropped, tags are trimmed, lower-cased, unique.
 */
export function toTenantBody(v: TenantFormValues): CreateTenantInput {
  const contacts = v.contacts
    .filter((c) => c.name.trim() || c.email.trim() || c.phone.trim() || c.role.trim())
    .map((c) => ({
      name: c.name.trim(),
      ...(opt(c.email) ? { email: opt(c.email) } : {}),
      ...(opt(c.phone) ? { phone: opt(c.phone) } : {}),
      ...(opt(c.role) ? { role: opt(c.role) } : {}),
    }));
  const tags = [...new Set(v.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  return {
    name: v.name.trim(),
    industry: v.industry.trim() || null,
    size: v.size || null,
    contacts,
    tags,
    notes: v.notes,
  };
}

export type FieldErrors = Record<string, string>;

/** Checks the form with the same schema the server uses; errors keyed like the server's. */
export function validateTenantForm(
  v: TenantFormValues,
): { ok: true; body: CreateTenantInput } | { ok: false; errors: FieldErrors } {
  const body = toTenantBody(v);
  const parsed = CreateTenantSchema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The first error at `field` or below it (`tags` also shows `tags.3`). */
export function errorFor(errors: FieldErrors, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}
