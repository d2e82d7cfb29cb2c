export * from './accounts.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './mailbox.ts';
