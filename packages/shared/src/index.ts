export * from './analytics.schemas.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './me.schemas.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './version.ts';
export * from './system.schemas.ts';
