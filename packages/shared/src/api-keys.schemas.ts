import { z } from 'zod';
import {
  AnswerValueSchema,
  ProgressViewSchema,
  IdempotencyKeySchema,
} from './assessments.schemas.ts';
import { storableDateTime, storableText } from './text.schemas.ts';

/**
 * The developer platform's keys (docs/developer.md): an owner or admin creates a key for the
 * account's own tools. A key acts as the ACCOUNT (never as the person who made it), only on the
 * /api/v1 routes whose scope it carries, optionally on one client tenant only. The secret is
 * shown once; the server keeps its SHA-256 and a visible prefix to recognise it by.
 */

export const API_KEY_SCOPES = [
  'tenants:read',
  'assessments:read',
  'answers:write',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_INFO: Record<ApiKeyScope, { label: string; description: string }> = {
  'tenants:read': {
    label: 'Read client tenants',
    description: 'List the client tenants and read one.',
  },
  'assessments:read': {
    label: 'Read assessments',
    description: 'List a tenant’s assessments, read one with its scores and answers, export it.',
  },
  'answers:write': {
    label: 'Write answers',
    description: 'Push automated check results into an assessment.',
  },
  'webhooks:manage': {
    label: 'Manage webhooks',
    description: 'Create, change and delete webhook endpoints and read their deliveries.',
  },
};

/** Every secret starts with this (so a leaked key is recognisable, e.g. by secret scanners). */
export const API_KEY_PREFIX = 'tnt_';

export const API_KEY_LIMITS = {
  name: 100,
  /** Keys an account may hold that are not revoked. */
  perAccount: 50,
  /** Requests one key may make per `windowSeconds`; over it, 429 with Retry-After. */
  requestsPerWindow: 600,
  windowSeconds: 60,
  /** Longest lifetime a key may be given, in days (no expiry is allowed too). */
  maxDays: 730,
} as const;

export const API_KEY_ERROR_CODES = {
  /** 404: no such key in this account. */
  notFound: 'api_keys.not_found',
  /** 401: the Authorization header carries no key this server knows (or a malformed one). */
  invalid: 'api_keys.invalid',
  /** 401: the key has been revoked. */
  revoked: 'api_keys.revoked',
  /** 401: the key has expired. */
  expired: 'api_keys.expired',
  /** 403: the key does not carry the scope this route needs. */
  scopeMissing: 'api_keys.scope_missing',
  /** 409: the account holds API_KEY_LIMITS.perAccount keys already. */
  tooMany: 'api_keys.too_many',
} as const;

const name = storableText()
  .trim()
  .min(1, 'Give the key a name.')
  .max(API_KEY_LIMITS.name, `At most ${API_KEY_LIMITS.name} characters.`);

export const CreateApiKeySchema = z.object({
  name,
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once.'),
  /** Limits the key to this client tenant of the account; null for every tenant. */
  tenantId: z.string().min(1).max(100).nullable().default(null),
  /** When the key stops working; null for never. At most API_KEY_LIMITS.maxDays ahead. */
  expiresAt: storableDateTime().nullable().default(null),
});
export type CreateApiKey = z.input<typeof CreateApiKeySchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to recognise it by (`tnt_AbCd1234`). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  tenant: z.object({ id: z.string(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** The answer to creating a key: the only time the secret is ever sent. */
export const CreatedApiKeySchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/* ───────────────────────────── automated check results ───────────────────────────── */

export const CHECK_RESULT_LIMITS = {
  /** Results in one batch. */
  batch: 1_000,
  source: 100,
  evidence: 2_000,
} as const;

/**
 * One result of an automated check: the answer to the question with this stable key, as the
 * tool observed it. `evidence` (text or a URL) becomes the answer's note.
 */
export const CheckResultSchema = z.object({
  questionKey: storableText().min(1, 'Give the question key.').max(200),
  value: AnswerValueSchema.nullable().default(null),
  na: z.boolean().default(false),
  evidence: storableText()
    .max(CHECK_RESULT_LIMITS.evidence, `At most ${CHECK_RESULT_LIMITS.evidence} characters.`)
    .default(''),
  /** When the tool observed it: an older result never replaces a newer answer. */
  observedAt: storableDateTime(),
});
export type CheckResult = z.input<typeof CheckResultSchema>;

export const CheckResultsBatchSchema = z.object({
  /** The same key sent twice applies the batch once (a replay answers `duplicate`). */
  idempotencyKey: IdempotencyKeySchema,
  /** The tool's name, shown as who answered ("Automated · Defender for Endpoint"). */
  source: storableText()
    .trim()
    .min(1, 'Name the tool the results come from.')
    .max(CHECK_RESULT_LIMITS.source, `At most ${CHECK_RESULT_LIMITS.source} characters.`),
  results: z
    .array(CheckResultSchema)
    .min(1, 'Send at least one result.')
    .max(CHECK_RESULT_LIMITS.batch, `At most ${CHECK_RESULT_LIMITS.batch} results per batch.`),
});
export type CheckResultsBatch = z.input<typeof CheckResultsBatchSchema>;

export const CheckResultsOutcomeSchema = z.object({
  /** `applied` the first time; `duplicate` for a replay of an idempotency key (nothing changed). */
  outcome: z.enum(['applied', 'duplicate']),
  /** Results that became the question's answer. */
  applied: z.number().int(),
  /** Results older than the answer already there (kept in the history only). */
  superseded: z.number().int(),
  progress: ProgressViewSchema,
});
export type CheckResultsOutcome = z.infer<typeof CheckResultsOutcomeSchema>;
