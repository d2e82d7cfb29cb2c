import {
  ACCOUNT_EXPORT_LIMITS,
  AccountExportListSchema,
  type AccountExportList,
} from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { anyExporting } from '../lib/account-lifecycle-view.ts';
import { serviceKeys } from './service-keys.ts';

export const accountLifecyclePath = (accountId: string) =>
  `/api/v1/service/accounts/${encodeURIComponent(accountId)}`;

/** A finished export's ZIP (an attachment: the browser downloads it). */
export const accountExportDownloadUrl = (accountId: string, exportId: string) =>
  `${accountLifecyclePath(accountId)}/exports/${encodeURIComponent(exportId)}/download`;

/** GET /api/v1/service/accounts/{accountId}/exports */
export function listAccountExports(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountExportList> {
  return apiFetch(`${accountLifecyclePath(accountId)}/exports`, {
    schema: AccountExportListSchema,
    signal,
  });
}

/** The account's exports, asked again every ACCOUNT_EXPORT_LIMITS.pollMs while one is on its way. */
export const accountExportsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: serviceKeys.accountExports(accountId),
    queryFn: ({ signal }) => listAccountExports(accountId, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      anyExporting(query.state.data?.items) ? ACCOUNT_EXPORT_LIMITS.pollMs : false,
  });

export function useAccountExports(accountId: string) {
  return useQuery(accountExportsQueryOptions(accountId));
}
