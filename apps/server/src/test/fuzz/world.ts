/**
 * The fuzz suite's world: a signed-in owner (also a system admin, so the system routes get
 * past their guard and validate their input too) whose account holds one of everything (the
 * test world, ../world/targets.ts), so generated requests can name real objects. `reset()` puts
 * the owner back in charge and makes fresh targets before an operation, whatever the previous
 * one did (archived, revoked, removed, promoted someone to owner, completed, submitted…).
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  accounts,
  assessments,
  frameworks,
  liveEvents,
  memberships,
  users,
} from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../app.ts';
import { addMember, compBusiness, makeSystemAdmin, signUpPerson } from '../people.ts';
import { QUESTION_KEYS, SECTION_KEYS } from '../world/frameworks.ts';
import { makeTargets, type TargetIds, type WorldOwner } from '../world/targets.ts';

/** Real objects of the owner's account, fresh after every reset(). */
export interface FuzzIds extends TargetIds {
  accountId: string;
  ownerUserId: string;
  /** The assessment framework's question keys by kind, and its section keys. */
  questionKeys: typeof QUESTION_KEYS;
  sectionKeys: readonly string[];
}

export interface FuzzWorld {
  owner: TestClient;
  ids: FuzzIds;
  reset(): Promise<void>;
}

export async function buildWorld(t: TestApp): Promise<FuzzWorld> {
  const { db } = t.database;
  const person = await signUpPerson(t, 'fuzz-owner', 'Fuzz Owner');
  await makeSystemAdmin(t, person);
  // Made through the API once, so the audit log, the mailbox and a real member exist.
  await person.client.post('/api/v1/tenants', { name: 'Fuzz client', tags: ['fuzz'] });
  await addMember(t, person, 'admin', 'fuzz-admin');
  const owner: WorldOwner = {
    accountId: person.tid,
    userId: person.uid,
    email: person.email,
    name: 'Fuzz Owner',
    systemAdmin: true,
  };
  /**
   * Puts the owner back in charge, and clears what the last targets (and the fuzz) made of
   * assessments, with their framework (`previous`), so the world does not grow with each
   * operation (answers, history, respondents and links go with their assessment).
   */
  async function prepare(previous?: TargetIds): Promise<void> {
    const { accountId, userId } = owner;
    // The owner is staff too: a fuzzed comp or trial change of its own account must not leave
    // it on a plan whose limits the world's fresh targets exceed.
    await compBusiness(t, accountId);
    // The owner owns, acts for and administers the account; nobody else owns it.
    await db
      .insert(memberships)
      .values({ accountId, userId, role: 'owner' })
      .onConflictDoUpdate({
        target: [memberships.accountId, memberships.userId],
        set: { role: 'owner' },
      });
    await db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.accountId, accountId), ne(memberships.userId, userId)));
    await db
      .update(users)
      .set({ activeAccountId: accountId, isSystemAdmin: true })
      .where(eq(users.id, userId));
    // A fuzzed suspension (the accounts tab) would refuse every write after it; a fuzzed
    // second-factor requirement would hold the members back once its days are over.
    await db
      .update(accounts)
      .set({ suspendedAt: null, suspendedReason: null, requireSecondFactorSince: null })
      .where(eq(accounts.id, accountId));
    if (!previous) return;
    await db.delete(assessments).where(eq(assessments.accountId, accountId));
    await db.delete(liveEvents).where(eq(liveEvents.accountId, accountId));
    await db.delete(frameworks).where(eq(frameworks.id, previous.assessmentFrameworkId));
  }

  await prepare();
  const ids: FuzzIds = {
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    questionKeys: QUESTION_KEYS,
    sectionKeys: SECTION_KEYS,
    ...(await makeTargets(t, owner, 'Fuzz')),
  };
  async function reset(): Promise<void> {
    await prepare(ids);
    Object.assign(ids, await makeTargets(t, owner, 'Fuzz'));
  }

  return { owner: person.client, ids, reset };
}
