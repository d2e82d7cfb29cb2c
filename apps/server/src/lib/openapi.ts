/**
 * The OpenAPI building blocks every route file uses, so that a route declaration says only
 * what is particular to it.
 */
import type { Hook, z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@tenantry/shared';
import { AppError, fieldsFromIssues } from './errors.ts';

/** Validation failures become one 400 `common.validation` with fields keyed by path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hook for every route and env
export const validationHook: Hook<unknown, any, string, unknown> = (result) => {
  if (!result.success) {
    throw new AppError(
      'common.validation',
      400,
      'Some of the data sent is not valid.',
      fieldsFromIssues(result.error.issues),
    );
  }
};

/** A JSON response declaration. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body declaration. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const errorContent = { 'application/json': { schema: ErrorBodySchema } };
const error = (description: string) => ({ description, content: errorContent });

/**
 * The one error shape, per status. Spread what a route can answer; give a domain's own
 * wording with `error(…)` when the default description says too little.
 */
export const errorResponses = {
  400: error('Invalid input (`common.validation` with `fields`)'),
  401: error('Signed out (`common.unauthenticated`)'),
  402: error(
    'The plan does not allow it (`billing.limit_reached`, `billing.feature_locked`, with `details` naming the limit or feature) or the account is read-only until a payment goes through (`billing.read_only`)',
  ),
  403: error('Not allowed (`common.forbidden`, `common.csrf`)'),
  404: error('Not found, or not yours to see (`common.not_found` or the domain’s code)'),
  409: error('Conflicts with the current state (the domain’s code)'),
  413: error('Too large'),
  429: error('Too many attempts (`common.rate_limited`); see Retry-After'),
  503: error(
    'Not ready: draining before a stop, or the database does not answer (`common.unavailable`)',
  ),
} as const;

export { error as errorResponse };

/**
 * The `security` of a route an API key may also call with `scope` (the guard's `apiKey`
 * option), beside a signed-in session: shown in the API reference (docs/developer.md).
 */
export const sessionOrApiKey = (scope: string): Record<string, string[]>[] => [
  { session: [] },
  { apiKey: [scope] },
];
