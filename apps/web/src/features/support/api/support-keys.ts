import type { SupportQueueQuery, SupportStatus } from '@tenantry/shared';

/**
 * The support feature's query keys: the customer's side under `mine`, the service console's
 * under `staff`; one list per filter set, one detail per ticket.
 */
export const supportKeys = {
  all: ['support'] as const,
  mine: () => [...supportKeys.all, 'mine'] as const,
  myLists: () => [...supportKeys.mine(), 'list'] as const,
  myList: (status: SupportStatus | null) => [...supportKeys.myLists(), status] as const,
  myTicket: (id: string) => [...supportKeys.mine(), 'detail', id] as const,
  help: (q: string) => [...supportKeys.all, 'help', q] as const,
  staff: () => [...supportKeys.all, 'staff'] as const,
  queues: () => [...supportKeys.staff(), 'queue'] as const,
  queue: (query: Partial<SupportQueueQuery>) => [...supportKeys.queues(), query] as const,
  staffTicket: (id: string) => [...supportKeys.staff(), 'detail', id] as const,
  staffMembers: () => [...supportKeys.staff(), 'members'] as const,
  canned: () => [...supportKeys.staff(), 'canned'] as const,
};

export const ticketPath = (id: string, rest = '') =>
  `/api/v1/support/tickets/${encodeURIComponent(id)}${rest}`;
export const staffTicketApiPath = (id: string, rest = '') =>
  `/api/v1/service/support/tickets/${encodeURIComponent(id)}${rest}`;
