import { z } from 'zod';

/** Namespaced error codes shared by server and client (ARCHITECTURE "One error shape"). */
export const ERROR_CODES = [
  'common.bad_request',
  'common.validation',
  'common.unauthenticated',
  'common.forbidden',
  'common.not_found',
  'common.conflict',
  'common.rate_limited',
  'common.csrf',
  'common.internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | `${string}.${string}`;

/** Every 4xx/5xx JSON answer of /api/v1 has this shape. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems for a 400 (path → message). */
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
