import { z } from 'zod';
import { storableText } from './text.schemas.ts';

/** Longest id accepted in a path (ids are UUIDs today; tokens have their own schemas). */
export const ID_MAX = 100;

/** One opaque id in a path: text the database can store (a NUL in a path is a 400). */
export const IdSchema = storableText().min(1).max(ID_MAX);

/** Path parameters `{id}` of routes on one object (`/shares/{id}`, `/members/{id}`). */
export const IdParamsSchema = z.object({ id: IdSchema });

/** Path parameters `{tenantId}` of routes under one client tenant. */
export const TenantParamsSchema = z.object({ tenantId: IdSchema });
