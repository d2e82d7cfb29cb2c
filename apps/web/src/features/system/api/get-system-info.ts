import { SystemInfoSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { systemKeys } from './system-keys.ts';

export const systemInfoQueryOptions = queryOptions({
  queryKey: systemKeys.info(),
  queryFn: ({ signal }) => apiFetch('/api/v1/system/info', { schema: SystemInfoSchema, signal }),
});

/** Server diagnostics (system developers and admins). */
export function useSystemInfo(enabled: boolean) {
  return useQuery({ ...systemInfoQueryOptions, enabled });
}
