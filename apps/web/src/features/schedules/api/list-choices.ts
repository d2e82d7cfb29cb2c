import { LibraryFrameworkListSchema, TenantPageSchema } from '@tenantry/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { t } from '../messages.ts';
import { scheduleKeys } from './schedule-keys.ts';

export interface Choice {
  value: string;
  label: string;
}

/** GET /api/v1/library/frameworks: the published frameworks a schedule may use. */
export function useFrameworkChoices(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.choices('frameworks'),
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const list = await apiFetch('/api/v1/library/frameworks?limit=100&offset=0', {
        schema: LibraryFrameworkListSchema,
        signal,
      });
      return list.items
        .filter((f) => f.latestVersion !== null)
        .map((f) => ({
          value: f.id,
          label: t('form.framework.choice', { name: f.name, version: String(f.latestVersion) }),
        }));
    },
  });
}

/** GET /api/v1/tenants: the active client tenants (the first 100 by name) a schedule may be for. */
export function useTenantChoices(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.choices('tenants'),
    enabled,
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const page = await apiFetch('/api/v1/tenants?limit=100', {
        schema: TenantPageSchema,
        signal,
      });
      return page.tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }));
    },
  });
}
