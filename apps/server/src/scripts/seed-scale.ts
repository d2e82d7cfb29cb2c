/**
 * npm run seed:scale [-- --accounts 100 --tenants-per-account 100 --big 10000 --answers 1000000]
 *   [--service --service-accounts 10000 --service-users 100000 --events 10000000] (seed-service.ts)
 *
 * Fills the configured database (DATA_DIR / DATABASE_URL, the server's own config loader) with
 * data for the benchmarks (the scale budget: 10,000 client tenants in one account): `--accounts` accounts, each with an owner and
 * `--tenants-per-account` client tenants, plus one big account with `--big` client tenants, and
 * about `--answers` answers: two completed NIST CSF 2.0 assessments (the older one the
 * baseline) per tenant of the first small account, then of the big account.
 * Everything goes in one transaction with multi-row inserts; the owners sign in with
 * SCALE_PASSWORD (one scrypt hash from Better Auth's hasher, shared by all of them).
 * Run it again and it only prints the sign-in (it never adds a second copy).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { hashPassword } from 'better-auth/crypto';
import { questionScore, type FrameworkDocument, type ScoredAnswer } from '@tenantry/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import {
  accounts,
  assessmentAnswers,
  assessments,
  authCredentials,
  frameworks,
  frameworkVersions,
  memberships,
  OPEN_TASK_STATUS_SQL,
  remediationTasks,
  tenantBaselines,
  tenants,
  users,
} from '../db/schema/index.ts';
import { runMain } from '../lib/run-main.ts';
import { computeProgress, cutDocument } from '../modules/assessments/assessments.framework.ts';
import { refreshTenantSections, topSections } from '../modules/assessments/assessments.rollup.ts';
import { loadLibrary } from '../modules/content/library.seed.ts';
import { demoAnswer } from '../modules/demo/demo.assessments.ts';
import { refreshAccountRollup } from '../modules/tenants/tenants.rollup.ts';
import { readLiveServer } from '../local-control.ts';
import {
  DEFAULT_SERVICE,
  SERVICE_ADMIN_EMAIL,
  seedService,
  type SeedServiceOptions,
} from './seed-service.ts';

export const SCALE_DOMAIN = 'scale.tenantry.test';
export const SCALE_BIG_OWNER_EMAIL = `big-owner@${SCALE_DOMAIN}`;
export const SCALE_PASSWORD = 'scale-password-1';
/** The owner of the n-th (1-based) small account. */
export const scaleOwnerEmail = (n: number) => `owner-${String(n).padStart(3, '0')}@${SCALE_DOMAIN}`;

export interface SeedScaleOptions {
  accounts: number;
  tenantsPerAccount: number;
  bigTenants: number;
  /**
   * Answers to seed (about): the first small account's tenants, then the big account's, each
   * get a completed baseline and a completed follow-up of the shipped NIST CSF 2.0 (106
   * questions), until the budget is spent. 0: none.
   */
  answers?: number;
  /** Rows per INSERT statement. */
  batch?: number;
  /** Deterministic data for the same seed. */
  seed?: number;
}

export const DEFAULT_SCALE: SeedScaleOptions = {
  accounts: 100,
  tenantsPerAccount: 100,
  bigTenants: 10_000,
  answers: 1_000_000,
};

export interface SeedScaleResult {
  created: boolean;
  accounts: number;
  tenants: number;
  bigAccountId: string | null;
  answers: number;
  tasks: number;
}

// ---- realistic-looking data --------------------------------------------------------------

const PREFIXES = [
  'Northwind',
  'Contoso',
  'Fabrikam',
  'Litware',
  'Tailspin',
  'Woodgrove',
  'Adatum',
  'Proseware',
  'Lucerne',
  'Wingtip',
  'Alpine',
  'Blue Yonder',
  'Coho',
  'Fourth Coffee',
  'Humongous',
  'Margie',
  'Nod',
  'Relecloud',
  'Trey',
  'Wide World',
  'Graphic',
  'Southridge',
  'Tasmanian',
  'Bellows',
  'Cedar',
  'Harbor',
  'Summit',
  'Meridian',
  'Keystone',
  'Granite',
  'Silverline',
  'Redwood',
  'Oakridge',
  'Lakeside',
  'Ironbridge',
  'Brightwater',
  'Stonegate',
  'Evergreen',
  'Horizon',
  'Pinnacle',
];
const NOUNS = [
  'Logistics',
  'Health',
  'Bank',
  'Insurance',
  'Foods',
  'Energy',
  'Labs',
  'Systems',
  'Retail',
  'Pharma',
  'Motors',
  'Media',
  'Legal',
  'Capital',
  'Clinics',
  'Airlines',
  'Textiles',
  'Robotics',
  'Analytics',
  'Water',
  'Telecom',
  'Realty',
  'Schools',
  'Hotels',
  'Mining',
];
const SUFFIXES = ['Ltd', 'GmbH', 'Inc.', 'AG', 'S.A.', 'B.V.', 'LLC', 'plc', 'Group', 'Partners'];
const INDUSTRIES = [
  'Financial services',
  'Healthcare',
  'Manufacturing',
  'Retail',
  'Public sector',
  'Education',
  'Energy',
  'Logistics',
  'Technology',
  'Legal',
  'Hospitality',
  'Telecommunications',
  null,
];
const TAGS = [
  'eu',
  'us',
  'apac',
  'finance',
  'priority',
  'iso27001',
  'soc2',
  'nis2',
  'dora',
  'hipaa',
  'renewal-q1',
  'renewal-q2',
  'renewal-q3',
  'renewal-q4',
  'gold',
  'silver',
  'pilot',
  'm365',
  'aws',
  'azure',
  'on-prem',
  'critical',
];
const SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;
const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Tim', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov'];

/** mulberry32: a small deterministic PRNG, so the same seed gives the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return { next, pick };
}

type TenantInsert = typeof tenants.$inferInsert;

function makeTenants(
  accountId: string,
  createdBy: string,
  count: number,
  rnd: ReturnType<typeof prng>,
): TenantInsert[] {
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 3600 * 1000;
  const used = new Map<string, number>();
  const rows: TenantInsert[] = [];
  for (let i = 0; i < count; i++) {
    let name = `${rnd.pick(PREFIXES)} ${rnd.pick(NOUNS)} ${rnd.pick(SUFFIXES)}`;
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name = `${name} ${n}`;
    const tagCount = Math.floor(rnd.next() * 4);
    const tags = [...new Set(Array.from({ length: tagCount }, () => rnd.pick(TAGS)))];
    const createdAt = new Date(now - Math.floor(rnd.next() * twoYears));
    const updatedAt = new Date(
      createdAt.getTime() + Math.floor(rnd.next() * (now - createdAt.getTime())),
    );
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const domain = `${name.split(' ')[0]!.toLowerCase()}.example`;
    rows.push({
      id: randomUUID(),
      accountId,
      name,
      industry: rnd.pick(INDUSTRIES),
      size: rnd.pick(SIZES),
      contacts: [
        {
          name: `${first} ${last}`,
          email: `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`,
          role: rnd.pick(['CISO', 'IT manager', 'CFO', 'Compliance officer']),
        },
      ],
      tags,
      notes: rnd.next() < 0.3 ? `Seeded for scale tests. Contract ${1000 + i}.` : '',
      archivedAt: rnd.next() < 0.05 ? updatedAt : null,
      createdBy,
      createdAt,
      updatedAt,
    });
  }
  return rows;
}

async function insertBatched<T>(
  rows: T[],
  batch: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await insert(rows.slice(i, i + batch));
}

/** Seeds the scale data set (one transaction). Does nothing when it is already there. */
export async function seedScale(db: Database, opts: SeedScaleOptions): Promise<SeedScaleResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, SCALE_BIG_OWNER_EMAIL));
  if (existing[0]) {
    return {
      created: false,
      accounts: 0,
      tenants: 0,
      bigAccountId: null,
      answers: 0,
      tasks: 0,
    };
  }

  const batch = opts.batch ?? 1000;
  const rnd = prng(opts.seed ?? 20_261_122);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const now = new Date();
  const owners = [
    { email: SCALE_BIG_OWNER_EMAIL, name: 'Big Account Owner', tenants: opts.bigTenants },
    ...Array.from({ length: opts.accounts }, (_, i) => ({
      email: scaleOwnerEmail(i + 1),
      name: `Owner ${i + 1}`,
      tenants: opts.tenantsPerAccount,
    })),
  ].map((o) => ({ ...o, userId: randomUUID(), accountId: randomUUID() }));

  let tenantCount = 0;
  let answerCount = 0;
  let taskCount = 0;
  const framework = opts.answers ? await nistCsf(db) : null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await insertBatched(owners, batch, (chunk) =>
      t.insert(users).values(
        chunk.map((o) => ({
          id: o.userId,
          name: o.name,
          email: o.email,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
          activeAccountId: o.accountId,
        })),
      ),
    );
    await insertBatched(owners, batch, (chunk) =>
      t.insert(authCredentials).values(
        chunk.map((o) => ({
          id: randomUUID(),
          accountId: o.userId,
          providerId: 'credential',
          userId: o.userId,
          password: passwordHash,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    await insertBatched(owners, batch, (chunk) =>
      t
        .insert(accounts)
        .values(
          chunk.map((o) => ({ id: o.accountId, name: `${o.name}'s account`, createdAt: now })),
        ),
    );
    await insertBatched(owners, batch, (chunk) =>
      t.insert(memberships).values(
        chunk.map((o) => ({
          accountId: o.accountId,
          userId: o.userId,
          role: 'owner' as const,
          createdAt: now,
        })),
      ),
    );
    // The first small account's tenants are assessed first (the bench compares it with the
    // big account), then the big account's.
    const assessedFirst = [owners[1], owners[0]].filter((o) => o !== undefined);
    const byOwner = new Map<string, TenantInsert[]>();
    for (const o of owners) {
      const rows = makeTenants(o.accountId, o.userId, o.tenants, rnd);
      byOwner.set(o.accountId, rows);
      tenantCount += rows.length;
      await insertBatched(rows, batch, (chunk) => t.insert(tenants).values(chunk));
    }
    let budget = opts.answers ?? 0;
    for (const o of assessedFirst) {
      if (!framework || budget <= 0) break;
      const assessed = await seedAssessments(
        t,
        o,
        byOwner.get(o.accountId)!,
        framework,
        budget,
        batch,
      );
      budget -= assessed;
      answerCount += assessed;
    }
    if (opts.answers) {
      for (const o of assessedFirst) taskCount += await seedTasks(t, o);
    }
    for (const o of owners) await refreshAccountRollup(t, o.accountId, { months: true });
  });
  // Fresh statistics, so the planner picks the keyset indexes straight away, and a vacuum:
  // every tenant row was rewritten by the rollups above (index-only counts need it).
  await db.execute('vacuum analyze tenants');
  await db.execute('vacuum analyze tenant_sections');
  if (answerCount) {
    await db.execute('analyze assessments');
    await db.execute('analyze assessment_answers');
    await db.execute('analyze remediation_tasks');
  }
  return {
    created: true,
    accounts: owners.length,
    tenants: tenantCount,
    bigAccountId: owners[0]!.accountId,
    answers: answerCount,
    tasks: taskCount,
  };
}

interface SeedFramework {
  id: string;
  key: string;
  name: string;
  version: number;
  document: FrameworkDocument;
}

/** The shipped NIST CSF 2.0 (loaded into the database first if it is not there yet). */
async function nistCsf(db: Database): Promise<SeedFramework | null> {
  await loadLibrary(db);
  const [row] = await db
    .select({
      id: frameworks.id,
      key: frameworks.key,
      name: frameworks.name,
      version: frameworkVersions.version,
      document: frameworkVersions.document,
    })
    .from(frameworks)
    .innerJoin(
      frameworkVersions,
      and(
        eq(frameworkVersions.frameworkId, frameworks.id),
        eq(frameworkVersions.version, frameworks.latestVersion),
      ),
    )
    .where(and(eq(frameworks.key, 'nist-csf-2.0'), isNull(frameworks.accountId)));
  return row ?? null;
}

/**
 * Per tenant, until `budget` answers are written: a completed baseline (marked) five months
 * old and a better completed follow-up two months old, every question answered, with scores
 * kept as the write path keeps them. Then what each tenant keeps of its assessments (the same
 * statement as migration 0009's backfill). Answers the number of answers written.
 */
async function seedAssessments(
  t: Database,
  owner: { accountId: string; userId: string; name: string },
  rows: TenantInsert[],
  fw: SeedFramework,
  budget: number,
  batch: number,
): Promise<number> {
  const scope = { sections: null, tags: null };
  const framework = cutDocument(fw.document, scope);
  const questions = [...framework.questions.values()].map((i) => i.question);
  const perTenant = questions.length * 2;
  const DAY = 86_400_000;
  let written = 0;
  const tenantRows = rows.filter((r) => !r.archivedAt).slice(0, Math.floor(budget / perTenant));
  type A = typeof assessments.$inferInsert;
  type Ans = typeof assessmentAnswers.$inferInsert;
  let pendingA: A[] = [];
  let pendingAns: Ans[] = [];
  let pendingB: (typeof tenantBaselines.$inferInsert)[] = [];
  const flush = async () => {
    await insertBatched(pendingA, 200, (chunk) => t.insert(assessments).values(chunk));
    await insertBatched(pendingAns, batch, (chunk) => t.insert(assessmentAnswers).values(chunk));
    await insertBatched(pendingB, batch, (chunk) => t.insert(tenantBaselines).values(chunk));
    pendingA = [];
    pendingAns = [];
    pendingB = [];
  };
  for (const [n, tenant] of tenantRows.entries()) {
    for (const [i, level] of [0.35, 0.6].entries()) {
      const id = randomUUID();
      const at = new Date(Date.now() - (i === 0 ? 150 : 60) * DAY - n * 60_000);
      const scoreInput: Record<string, ScoredAnswer> = {};
      for (const q of questions) {
        const input = demoAnswer(q, level, `${tenant.id}${i}`);
        const entry: ScoredAnswer = { value: q.type === 'text' ? '✓' : input.value };
        scoreInput[q.key] = entry;
        pendingAns.push({
          assessmentId: id,
          accountId: owner.accountId,
          questionKey: q.key,
          value: input.value ?? null,
          na: false,
          score: questionScore(q, entry),
          source: 'member',
          userId: owner.userId,
          answeredByName: owner.name,
          answeredAt: at,
        });
      }
      const progress = computeProgress(framework, scoreInput, framework.defaultTargets);
      pendingA.push({
        id,
        accountId: owner.accountId,
        tenantId: tenant.id!,
        frameworkId: fw.id,
        frameworkVersion: fw.version,
        frameworkKey: fw.key,
        frameworkName: fw.name,
        name: `${fw.name} – ${i === 0 ? 'initial review' : 'follow-up'}`,
        status: 'completed',
        ownerId: owner.userId,
        scope,
        scoreInput,
        progress,
        score: progress.score,
        completion: progress.completion,
        answered: progress.answered,
        total: progress.total,
        lastAnswerAt: at,
        lastAnswerBy: owner.name,
        lastAnswerSource: 'member',
        statusHistory: [{ status: 'completed', at: at.toISOString(), by: owner.name }],
        createdBy: owner.userId,
        createdAt: new Date(at.getTime() - 14 * DAY),
        updatedAt: at,
        completedAt: at,
      });
      if (i === 0) {
        pendingB.push({
          tenantId: tenant.id!,
          accountId: owner.accountId,
          assessmentId: id,
          setBy: owner.userId,
          setAt: at,
        });
      }
      written += questions.length;
    }
    if (pendingAns.length >= 20_000) await flush();
  }
  await flush();
  await t.execute(sql`
    update ${tenants} t set
      latest_assessment_id = l.id, latest_score = l.score, latest_gaps = l.gaps,
      latest_completed_at = l.completed_at,
      completed_assessments = (select count(*) from ${assessments} a
        where a.tenant_id = t.id and a.account_id = t.account_id and a.status = 'completed')
    from (
      select t2.id as tid, x.* from ${tenants} t2 join lateral (
        select a.id, a.score, jsonb_array_length(a.progress->'gaps') as gaps, a.completed_at
        from ${assessments} a
        where a.tenant_id = t2.id and a.account_id = t2.account_id and a.status = 'completed'
        order by a.completed_at desc nulls last, a.id desc limit 1
      ) x on true
      where t2.account_id = ${owner.accountId}
    ) l
    where t.id = l.tid and t.account_id = ${owner.accountId}`);
  // The posture the portfolio reads (the statement of refreshTenantPosture, for every
  // assessed tenant of the account at once).
  await t.execute(sql`
    update ${tenants} t set
      latest_completion = l.completion,
      latest_framework_id = l.framework_id,
      latest_framework_name = l.framework_name,
      latest_sections = l.sections,
      sections_below = (select count(*) from jsonb_array_elements(l.sections) e
        where jsonb_typeof(e->'score') = 'number' and jsonb_typeof(e->'target') = 'number'
          and (e->>'score')::float8 < (e->>'target')::float8),
      baseline_delta = (select sum((x->>'weight')::float8 * (x->>'score')::float8)
            / nullif(sum((x->>'weight')::float8), 0)
          - sum((y->>'weight')::float8 * (y->>'score')::float8)
            / nullif(sum((y->>'weight')::float8), 0)
        from jsonb_array_elements(l.sections) x
        join jsonb_array_elements(l.baseline_sections) y on y->>'key' = x->>'key'
        where jsonb_typeof(x->'score') = 'number' and jsonb_typeof(y->'score') = 'number'),
      last_activity_at = greatest(t.updated_at, l.completed_at)
    from (select tt.id, x.completion, x.framework_id, x.framework_name, x.completed_at,
        coalesce(x.sections, '[]'::jsonb) as sections,
        coalesce(b.sections, '[]'::jsonb) as baseline_sections
      from ${tenants} tt
      join lateral (
        select a.id, a.completion, a.framework_id, a.framework_name, a.completed_at,
          ${topSections(sql`a`)} as sections
        from ${assessments} a
        where a.tenant_id = tt.id and a.account_id = tt.account_id and a.status = 'completed'
        order by a.completed_at desc nulls last, a.id desc limit 1
      ) x on true
      left join lateral (
        select ${topSections(sql`ba`)} as sections
        from ${tenantBaselines} tb
        join ${assessments} ba on ba.id = tb.assessment_id and ba.account_id = tb.account_id
        where tb.tenant_id = tt.id and tb.account_id = tt.account_id
          and ba.id <> x.id and ba.framework_id = x.framework_id
      ) b on true
      where tt.account_id = ${owner.accountId}) l
    where t.id = l.id and t.account_id = ${owner.accountId}`);
  await refreshTenantSections(t, sql`true`, owner.accountId);
  return written;
}

/**
 * Open remediation tasks for about a third of the account's active tenants (one to three
 * each, due from 30 days ago to 60 days ahead, so some are overdue), and what each tenant
 * keeps of them (the statement of refreshTaskRollup, for all at once). Answers the count.
 */
async function seedTasks(t: Database, owner: { accountId: string; userId: string }) {
  const [row] = await queryRows<{ n: number }>(
    t,
    sql`with made as (
      insert into ${remediationTasks} (id, account_id, tenant_id, title, status, priority,
        due_date, created_by, created_at, updated_at)
      select gen_random_uuid()::text, tt.account_id, tt.id,
        'Close gap ' || g.n || ' found in the review',
        case when g.n = 2 then 'in_progress' else 'todo' end,
        (array['low', 'medium', 'high'])[1 + (abs(hashtext(tt.id || g.n)) % 3)],
        current_date + (abs(hashtext(tt.id || 'due' || g.n)) % 90 - 30),
        ${owner.userId}, now() - interval '20 days', now() - interval '2 days'
      from ${tenants} tt
      cross join lateral generate_series(1, 1 + abs(hashtext(tt.id || 'n')) % 3) g(n)
      where tt.account_id = ${owner.accountId} and tt.archived_at is null
        and abs(hashtext(tt.id)) % 3 = 0
      returning tenant_id
    ) select count(*)::int as n from made`,
  );
  await t.execute(sql`
    update ${tenants} t set open_tasks = r.open, next_task_due = r.next_due,
      open_task_dues = r.dues, last_activity_at = greatest(t.last_activity_at, r.changed)
    from (select tenant_id, count(*)::int as open, min(due_date) as next_due,
        coalesce(array_agg(due_date order by due_date) filter (where due_date is not null),
          '{}'::date[]) as dues, max(updated_at) as changed
      from ${remediationTasks}
      where account_id = ${owner.accountId} and status in (${OPEN_TASK_STATUS_SQL})
      group by tenant_id) r
    where t.id = r.tenant_id and t.account_id = ${owner.accountId}`);
  return Number(row?.n ?? 0);
}

function parseArgs(argv: string[]): SeedScaleOptions & { service: SeedServiceOptions | null } {
  const opts: SeedScaleOptions & { service: SeedServiceOptions | null } = {
    ...DEFAULT_SCALE,
    service: null,
  };
  const service = () => (opts.service ??= { ...DEFAULT_SERVICE });
  const num = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${flag} needs a whole number.`);
    return n;
  };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--service') {
      service();
      i -= 1;
    } else if (flag === '--service-accounts') service().accounts = num(flag, value);
    else if (flag === '--service-users') service().users = num(flag, value);
    else if (flag === '--events') service().events = num(flag, value);
    else if (flag === '--audit') service().audit = num(flag, value);
    else if (flag === '--accounts') opts.accounts = num(flag, value);
    else if (flag === '--tenants-per-account') opts.tenantsPerAccount = num(flag, value);
    else if (flag === '--big') opts.bigTenants = num(flag, value);
    else if (flag === '--answers') opts.answers = num(flag, value);
    else {
      throw new ConfigError(
        `Unknown option ${flag}. Usage: npm run seed:scale -- [--accounts 100] [--tenants-per-account 100] [--big 10000] [--answers 1000000] [--service [--service-accounts 10000] [--service-users 100000] [--events 10000000] [--audit 200000]]`,
      );
    }
  }
  return opts;
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl) {
    const server = readLiveServer(config.dataDir);
    if (server) {
      process.stderr.write(
        `A Tenantry server (pid ${server.pid}, port ${server.port}) is using ${config.dataDir}; the embedded database allows one process. Stop it first, then run seed:scale again.\n`,
      );
      return 1;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const started = Date.now();
    const result = await seedScale(database.db, opts);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    process.stdout.write(
      `${
        result.created
          ? `Seeded ${where}: ${result.accounts} accounts, ${result.tenants} client tenants, ${result.answers} answers, ${result.tasks} open tasks in ${((Date.now() - started) / 1000).toFixed(1)} s.`
          : `${where} already holds the scale data; nothing added.`
      }\n\nSign in to the big account (${opts.bigTenants} client tenants when seeded with these options):\n  E-mail:    ${SCALE_BIG_OWNER_EMAIL}\n  Password:  ${SCALE_PASSWORD}\nSmall accounts: ${scaleOwnerEmail(1)} … ${scaleOwnerEmail(opts.accounts)}, same password.\n`,
    );
    if (opts.service) {
      const began = Date.now();
      const svc = await seedService(database.db, opts.service, SCALE_PASSWORD);
      process.stdout.write(
        svc.created
          ? `\nService console data: ${svc.accounts} accounts, ${svc.users} users, ${svc.events} analytics events, ${svc.audit} audit entries in ${((Date.now() - began) / 1000).toFixed(1)} s.\nSystem admin: ${SERVICE_ADMIN_EMAIL} / ${SCALE_PASSWORD}\n`
          : `\nThe service console data is already there; nothing added.\nSystem admin: ${SERVICE_ADMIN_EMAIL} / ${SCALE_PASSWORD}\n`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runMain(main);
}
