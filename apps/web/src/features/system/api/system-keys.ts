/** Query keys of the system feature (system admins and developers). */
export const systemKeys = {
  all: ['system'] as const,
  mailbox: () => [...systemKeys.all, 'mailbox'] as const,
  info: () => [...systemKeys.all, 'info'] as const,
};
