import { MailboxListSchema } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { systemKeys } from './system-keys.ts';

export const mailboxQueryOptions = queryOptions({
  queryKey: systemKeys.mailbox(),
  queryFn: ({ signal }) =>
    apiFetch('/api/v1/system/mailbox', { schema: MailboxListSchema, signal }),
  refetchInterval: 10_000,
});

/** The development mailbox (system admins; e-mail goes here when SMTP is not configured). */
export function useMailbox(enabled: boolean) {
  return useQuery({ ...mailboxQueryOptions, enabled });
}
