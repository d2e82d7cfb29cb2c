/**
 * The service console's overview and system tabs (docs/service-console.md, "Service console:
 * overview and system"). System admins only.
 */
import { z } from 'zod';
import { storableText } from './text.schemas.ts';

export const OVERVIEW_PERIODS = [7, 30] as const;

/** GET /api/v1/service/overview */
export const ServiceOverviewQuerySchema = z.object({
  /** The period in days the figures and their trends cover (against the period before). */
  days: z.coerce
    .number()
    .int()
    .refine((d) => (OVERVIEW_PERIODS as readonly number[]).includes(d), 'Use 7 or 30.')
    .default(7),
});

/** A figure and the same figure for the period before (null when not known then). */
export const TrendFigureSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export type TrendFigure = z.infer<typeof TrendFigureSchema>;

export const ServiceOverviewSchema = z.object({
  days: z.number().int(),
  /** When the rollup was last computed; null before its first run. */
  computedAt: z.string().nullable(),
  accounts: z.object({
    total: TrendFigureSchema,
    new: TrendFigureSchema,
    active7d: TrendFigureSchema,
    active30d: TrendFigureSchema,
  }),
  signups: z.object({ total: TrendFigureSchema, verified: TrendFigureSchema }),
  billing: z.object({
    /** In cents. */
    mrr: TrendFigureSchema,
    trialsEnding7d: TrendFigureSchema,
    pastDue: TrendFigureSchema,
  }),
  assessments: z.object({ started: TrendFigureSchema, completed: TrendFigureSchema }),
  answers: z.object({
    total: TrendFigureSchema,
    perDay: z.array(z.object({ day: z.string(), value: z.number() })),
  }),
  support: z.object({
    waitingLongest: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        subject: z.string(),
        accountName: z.string(),
        awaitingSince: z.string(),
      }),
    ),
  }),
  feedbackUnhandled: TrendFigureSchema,
  failedJobs: z.number().int(),
  /** Answers with a 5xx status in the last hour, against the hour before. */
  errorsLastHour: TrendFigureSchema,
});
export type ServiceOverview = z.infer<typeof ServiceOverviewSchema>;

export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Keys of the effective configuration shown (none of them a secret). */
export const SHOWN_CONFIG_KEYS = [
  'appEnv',
  'port',
  'host',
  'publicUrl',
  'logLevel',
  'billingProvider',
  'demoData',
  'database',
  'mail',
  'smtpFrom',
] as const;

export const ServiceSystemSchema = z.object({
  version: z.object({
    /** The web build's timestamp (GET /version.json); 0 without a build. */
    buildTimestamp: z.number(),
    node: z.string(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
    migrations: z.object({ applied: z.number().int(), last: z.string().nullable() }),
    /** Open connections to this database (PostgreSQL only). */
    connections: z.number().int().nullable(),
  }),
  queues: z.array(z.object({ name: z.string(), counts: z.record(z.string(), z.number().int()) })),
  mail: z.object({
    mode: z.enum(['smtp', 'mailbox']),
    failures24h: z.number().int(),
    recentFailures: z.array(
      z.object({
        id: z.string(),
        recipient: z.string(),
        subject: z.string(),
        error: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  webhooks: z.object({
    succeeded24h: z.number().int(),
    failed24h: z.number().int(),
    pending: z.number().int(),
    failingEndpoints: z.array(
      z.object({
        endpointId: z.string(),
        url: z.string(),
        accountName: z.string(),
        failed24h: z.number().int(),
      }),
    ),
  }),
  processes: z.array(
    z.object({
      id: z.string(),
      host: z.string(),
      pid: z.number().int(),
      startedAt: z.string(),
      lastSeen: z.string(),
      liveConnections: z.number().int(),
      /** Not seen for a minute. */
      gone: z.boolean(),
    }),
  ),
  config: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type ServiceSystem = z.infer<typeof ServiceSystemSchema>;

/** GET /api/v1/service/system/jobs */
export const ServiceJobListQuerySchema = z.object({
  state: z.enum(JOB_STATES).default('failed'),
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ServiceJobListQuery = z.input<typeof ServiceJobListQuerySchema>;

export const ServiceJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  retryCount: z.number().int(),
  createdAt: z.string(),
  /** When it ended (failed or completed); null while it runs. */
  endedAt: z.string().nullable(),
  /** The error it failed with (its message), null when none. */
  error: z.string().nullable(),
});
export type ServiceJob = z.infer<typeof ServiceJobSchema>;

export const ServiceJobListSchema = z.object({
  items: z.array(ServiceJobSchema),
  nextCursor: z.string().nullable(),
});
export type ServiceJobList = z.infer<typeof ServiceJobListSchema>;

/** Path parameters `{jobId}`: a pg-boss job id (a UUID). */
export const JobParamsSchema = z.object({ jobId: z.uuid() });
