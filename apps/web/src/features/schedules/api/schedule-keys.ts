/** The schedules feature's query keys: the account's list and each tenant's under `all`. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  account: () => [...scheduleKeys.all, 'account'] as const,
  tenant: (tenantId: string) => [...scheduleKeys.all, 'tenant', tenantId] as const,
  choices: (what: 'frameworks' | 'tenants') => [...scheduleKeys.all, 'choices', what] as const,
};
