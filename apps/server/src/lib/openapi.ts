import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@tenantry/shared';
import type { AppEnv } from './app-env.ts';
import { AppError, fieldsFromIssues } from './errors.ts';

/** Validation failures become one 400 `common.validation` with fields keyed by path. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    throw new AppError(
      'common.validation',
      400,
      'Some of the data sent is not valid.',
      fieldsFromIssues(result.error.issues),
    );
  }
};

/** A router whose createRoute declarations feed the OpenAPI document. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

const errorContent = { 'application/json': { schema: ErrorBodySchema } };

/** Response declarations shared by routes (the one error shape). */
export const errorResponses = {
  400: { description: 'Invalid input (`common.validation` with `fields`)', content: errorContent },
  401: { description: 'Signed out (`common.unauthenticated`)', content: errorContent },
  403: { description: 'Not allowed (`common.forbidden`, `common.csrf`)', content: errorContent },
} as const;
