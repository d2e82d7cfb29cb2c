export * from './accounts.ts';
export * from './analytics.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './mailbox.ts';
export * from './media.ts';
export * from './sharing.ts';
export * from './tenants.ts';
