/** Query keys of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  /** The account's audit log, page after page. */
  list: () => [...auditKeys.all, 'list'] as const,
};
