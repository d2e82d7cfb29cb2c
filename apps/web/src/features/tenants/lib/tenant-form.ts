import {
  CreateTenantSchema,
  type CreateTenantInput,
  type Tenant,
  type TenantSize,
} from '@tenantry/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';

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

export type FieldErrors = FormErrors;

const checkBody = schemaResolver(CreateTenantSchema, { sync: true });

/**
 * The form's errors: its request body checked with the schema the server uses, so errors are
 * keyed like the server's (`name`, `tags.3`, `contacts.0.email`). The form's validator.
 */
export function tenantFormErrors(v: TenantFormValues): FieldErrors {
  return checkBody(toTenantBody(v));
}

/** The request body of the form, or its errors. */
export function validateTenantForm(
  v: TenantFormValues,
): { ok: true; body: CreateTenantInput } | { ok: false; errors: FieldErrors } {
  const body = toTenantBody(v);
  const errors = checkBody(body);
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}

/** The first error at `field` or below it (`tags` also shows `tags.3`). */
export function errorFor(errors: FieldErrors, field: string): ReactNode {
  if (errors[field]) return errors[field];
  const key = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return key ? errors[key] : undefined;
}
