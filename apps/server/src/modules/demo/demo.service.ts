import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ensureOwnAccount } from '../accounts/accounts.service.ts';
import { createTenant } from '../tenants/tenants.service.ts';
import { seedDemoAssessments, type DemoAssessmentPlan } from './demo.assessments.ts';
import { countUsers } from '../users/users.service.ts';

export const DEMO_EMAIL = 'demo@tenantry.local';
export const DEMO_PASSWORD = 'tenantry-demo';
export const DEMO_NAME = 'Demo User';

/** Client tenants of the demo account, so a newcomer sees the product with something in it. */
const DEMO_TENANTS = [
  {
    name: 'Acme Manufacturing',
    industry: 'Manufacturing',
    size: '201-1000',
    tags: ['iso27001', 'priority'],
    contacts: [{ name: 'Jordan Lee', email: 'jordan.lee@acme.example', role: 'IT manager' }],
    notes: 'Annual ISO 27001 readiness review.',
    assessments: { framework: 'nist-csf-2.0', followUp: 0.6 },
  },
  {
    name: 'Blue Harbor Logistics',
    industry: 'Transport',
    size: '51-200',
    tags: ['nis2'],
    contacts: [],
    notes: '',
    assessments: { framework: 'msp-essentials', followUp: 1 },
  },
  {
    name: 'Cedar Health Clinic',
    industry: 'Healthcare',
    size: '11-50',
    tags: ['hipaa', 'priority'],
    contacts: [{ name: 'Sam Ortiz', email: 'sam.ortiz@cedar.example', role: 'Practice manager' }],
    notes: 'Small clinic; prefers short questionnaires.',
    assessments: { framework: 'msp-essentials', followUp: 0.5 },
  },
] as const satisfies ReadonlyArray<
  { name: string; assessments: DemoAssessmentPlan } & Record<string, unknown>
>;

/**
 * On an empty database, creates the demo user (e-mail verified, password hashed by Better
 * Auth) with their own account and a few client tenants, each with two assessments of a
 * shipped framework (the older one its baseline; skipped when the library is not loaded).
 * Returns true when it created them.
 */
export async function seedDemoData(db: Database, auth: Auth): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: DEMO_EMAIL,
      name: DEMO_NAME,
      emailVerified: true,
    },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(DEMO_PASSWORD),
  });
  // The user.create.after hook made the account already; this is a no-op then.
  const accountId = await ensureOwnAccount(db, { id: user.id, name: DEMO_NAME, email: DEMO_EMAIL });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  for (const { assessments, ...tenant } of DEMO_TENANTS) {
    const owner = { accountId, role: 'owner' as const, userId: user.id, email: DEMO_EMAIL };
    const created = await createTenant(db, owner, {
      ...tenant,
      tags: [...tenant.tags],
      contacts: [...tenant.contacts],
    });
    await seedDemoAssessments(
      db,
      {
        accountId,
        tenantId: created.id,
        userId: user.id,
        email: DEMO_EMAIL,
        accountRole: 'owner',
        shareRole: null,
        name: DEMO_NAME,
      },
      assessments,
    );
  }
  return true;
}

/** The box printed on start when the demo user exists. */
export function demoBanner(url: string, created: boolean): string {
  const lines = [
    created ? 'Tenantry demo data created.' : 'Tenantry demo user:',
    '',
    `  Open:      ${url}`,
    `  E-mail:    ${DEMO_EMAIL}`,
    `  Password:  ${DEMO_PASSWORD}`,
    '',
    'Make yourself a system admin:',
    `  npm run cli -- grant-admin ${DEMO_EMAIL}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '─'.repeat(width);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width - 1)}│`), `└${bar}┘`].join('\n');
}
