import type {
  FrameworkDetail,
  FrameworkDocument,
  FrameworkUpstream,
  Question,
  Section,
  UpstreamChange,
} from '@tenantry/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, frameworks, frameworkVersions } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { ok } from '../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../test/people.ts';
import { loadLibrary } from './library.seed.ts';

let t: TestApp;
let admin: Person; // a system admin: publishes the upstream's new version
let owner: Person; // owner of account A: forks
let member: Person; // member of account A: may not fork
let other: Person; // owner of account B
let mspId: string;

const base = '/api/v1/content/frameworks';

beforeAll(async () => {
  t = await setupTestApp();
  await loadLibrary(t.database.db);
  admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'owner');
  member = await addMember(t, owner, 'member');
  other = await signUpPerson(t, 'other');
  const [msp] = await t.database.db
    .select({ id: frameworks.id })
    .from(frameworks)
    .where(and(eq(frameworks.key, 'msp-essentials'), isNull(frameworks.accountId)));
  mspId = msp!.id;
});
afterAll(async () => {
  await t?.close();
});

const put = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'PUT', json });

function findQuestion(doc: FrameworkDocument, key: string): Question | undefined {
  const walk = (sections: Section[]): Question | undefined => {
    for (const s of sections) {
      const q = s.questions.find((x) => x.key === key) ?? walk(s.sections);
      if (q) return q;
    }
    return undefined;
  };
  return walk(doc.sections);
}
function findSection(doc: FrameworkDocument, key: string): Section | undefined {
  const walk = (sections: Section[]): Section | undefined => {
    for (const s of sections) {
      const found = s.key === key ? s : walk(s.sections);
      if (found) return found;
    }
    return undefined;
  };
  return walk(doc.sections);
}
function keys(doc: FrameworkDocument): string[] {
  const out: string[] = [];
  const walk = (sections: Section[]) => {
    for (const s of sections) {
      out.push(s.key, ...s.questions.map((q) => q.key));
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

const fork = (person: Person, key: string) =>
  ok<FrameworkDetail>(person.client.post(`${base}/${mspId}/fork`, { key }), 201);

async function saveDraft(
  person: Person,
  fw: FrameworkDetail,
  edit: (d: FrameworkDocument) => void,
) {
  const doc = structuredClone(fw.draft);
  edit(doc);
  return ok<FrameworkDetail>(
    put(person.client, `${base}/${fw.id}/draft`, { revision: fw.draftRevision, document: doc }),
  );
}

const upstreamOf = (person: Person, id: string) =>
  ok<FrameworkUpstream>(person.client.get(`${base}/${id}/upstream`));

const byId = (u: FrameworkUpstream) => new Map(u.changes.map((c) => [c.id, c]));

/** The system admin publishes version 2 of the MSP hygiene check through the content routes. */
let upstreamPublished = false;
async function publishUpstreamV2() {
  if (upstreamPublished) return;
  upstreamPublished = true;
  const msp = await ok<FrameworkDetail>(admin.client.get(`${base}/${mspId}`));
  const v2 = await saveDraft(admin, msp, (d) => {
    findQuestion(d, 'mfa-email')!.title = 'Is MFA enforced on every mailbox, shared ones too?';
    findQuestion(d, 'admin-separate')!.weight = 3;
    findSection(d, 'identity')!.target = 0.9;
    findSection(d, 'identity.mfa')!.questions.push({
      key: 'mfa-phishing-resistant',
      title: 'Do admins use phishing-resistant MFA?',
      type: 'yes_no',
      description: '',
      guidance: '',
      weight: 1,
      tags: ['ig2'],
      naAllowed: false,
      playbooks: [],
    });
    const people = findSection(d, 'people')!;
    people.questions = people.questions.filter((q) => q.key !== 'open-concerns');
    d.summary = 'Updated checks every managed client should pass';
  });
  await ok(
    admin.client.post(`${base}/${mspId}/publish`, {
      revision: v2.draftRevision,
      releaseNotes: 'Phishing-resistant MFA; clearer MFA wording',
    }),
  );
}

describe('forking a global framework', () => {
  it('copies the latest version with its stable keys and records the upstream', async () => {
    const f = await fork(owner, 'msp-mine');
    expect(f.scope).toBe('private');
    expect(f.key).toBe('msp-mine');
    expect(f.latestVersion).toBeNull();
    const upstream = await ok<FrameworkDetail>(admin.client.get(`${base}/${mspId}`));
    expect(keys(f.draft)).toEqual(keys(upstream.draft));
    expect(f.draft.sections).toEqual(upstream.draft.sections);
    expect(f.upstream).toMatchObject({ id: mspId, key: 'msp-essentials', syncedVersion: 1 });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, f.id));
    expect(audits.map((a) => a.action)).toContain('content.forked');
    // Nothing to take while the upstream has no newer version.
    expect((await upstreamOf(owner, f.id)).changes).toEqual([]);
  });

  it('is for owners and admins; the key must be free; only global frameworks fork', async () => {
    const res = await member.client.post(`${base}/${mspId}/fork`, { key: 'msp-member' });
    expect(res.status).toBe(403);
    const again = await owner.client.post(`${base}/${mspId}/fork`, { key: 'msp-mine' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('content.key_taken');
    const bad = await owner.client.post(`${base}/${mspId}/fork`, { key: 'Not A Key' });
    expect(bad.status).toBe(400);
    // Another account's private framework is not found, and nor is a fork (private) itself.
    const theirs = await fork(other, 'msp-theirs');
    const res2 = await owner.client.post(`${base}/${theirs.id}/fork`, { key: 'x-copy' });
    expect(res2.status).toBe(404);
    const mine = await ok<FrameworkDetail>(owner.client.get(`${base}?scope=private`));
    const own = (mine as unknown as { items: FrameworkDetail[] }).items.find(
      (i) => i.key === 'msp-mine',
    )!;
    const res3 = await owner.client.post(`${base}/${own.id}/fork`, { key: 'fork-of-fork' });
    expect(res3.status).toBe(404);
    // A framework that is no fork has no upstream.
    const plain = await ok<FrameworkDetail>(
      owner.client.post(base, { scope: 'private', key: 'plain', name: 'Plain' }),
      201,
    );
    const res4 = await owner.client.get(`${base}/${plain.id}/upstream`);
    expect(res4.status).toBe(409);
    expect(await errorCode(res4)).toBe('content.not_a_fork');
  });
});

describe('upstream changes', () => {
  let forkA: FrameworkDetail; // edited the MFA question's title, published v1, takes one change
  let forkB: FrameworkDetail; // edited the MFA question's title, takes all

  beforeAll(async () => {
    for (const key of ['fork-a', 'fork-b']) {
      const f = await fork(owner, key);
      const edited = await saveDraft(owner, f, (d) => {
        findQuestion(d, 'mfa-email')!.title = 'Our wording: MFA on every mailbox?';
      });
      const published = await ok<FrameworkDetail>(
        owner.client.post(`${base}/${f.id}/publish`, {
          revision: edited.draftRevision,
          releaseNotes: 'Our wording',
        }),
      );
      if (key === 'fork-a') forkA = published;
      else forkB = published;
    }
    await publishUpstreamV2();
  });

  it('lists the diff by stable key from the synced version, with conflicts', async () => {
    const detail = await ok<FrameworkDetail>(owner.client.get(`${base}/${forkA.id}`));
    expect(detail.upstream).toMatchObject({ syncedVersion: 1, latestVersion: 2 });
    const u = await upstreamOf(owner, forkA.id);
    expect(u).toMatchObject({ syncedVersion: 1, toVersion: 2, upstreamId: mspId });
    const c = byId(u);
    expect(c.get('mfa-email')).toMatchObject<Partial<UpstreamChange>>({
      change: 'changed',
      kind: 'question',
      fields: ['title'],
      own: 'edited',
      conflict: true,
      conflictFields: ['title'],
    });
    expect(c.get('admin-separate')).toMatchObject({
      change: 'changed',
      fields: ['weight'],
      conflict: false,
      inDraft: false,
    });
    expect(c.get('identity')).toMatchObject({ kind: 'section', fields: ['target'] });
    expect(c.get('mfa-phishing-resistant')).toMatchObject({
      change: 'added',
      kind: 'question',
      path: ['identity', 'identity.mfa'],
    });
    expect(c.get('open-concerns')).toMatchObject({ change: 'removed', conflict: false });
    expect(c.get('@framework')).toMatchObject({ kind: 'framework', fields: ['summary'] });
    expect(u.changes).toHaveLength(6);
  });

  it('takes one change; the rest are declined; publishing makes a new fork version', async () => {
    const taken = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkA.id}/upstream/take`, {
        revision: forkA.draftRevision,
        toVersion: 2,
        take: [{ id: 'admin-separate' }],
      }),
    );
    expect(findQuestion(taken.draft, 'admin-separate')!.weight).toBe(3);
    expect(findQuestion(taken.draft, 'mfa-phishing-resistant')).toBeUndefined();
    expect(findQuestion(taken.draft, 'open-concerns')).toBeDefined();
    expect(findQuestion(taken.draft, 'mfa-email')!.title).toBe(
      'Our wording: MFA on every mailbox?',
    );
    expect(taken.upstream).toMatchObject({ syncedVersion: 2, latestVersion: 2 });
    expect(taken.hasDraftChanges).toBe(true);
    expect((await upstreamOf(owner, forkA.id)).changes).toEqual([]);

    const v2 = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkA.id}/publish`, {
        revision: taken.draftRevision,
        releaseNotes: 'Took the upstream’s admin weight',
      }),
    );
    expect(v2.latestVersion).toBe(2);
    const versions = await t.database.db
      .select({ version: frameworkVersions.version, up: frameworkVersions.upstreamVersion })
      .from(frameworkVersions)
      .where(eq(frameworkVersions.frameworkId, forkA.id));
    expect(versions.sort((a, b) => a.version - b.version)).toEqual([
      { version: 1, up: 1 },
      { version: 2, up: 2 },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, forkA.id), eq(auditLog.action, 'content.upstream_taken')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({ fromVersion: 1, toVersion: 2, taken: 1, skipped: 5 });
  });

  it('takes all, keeping the fork’s own edits unless told to take the upstream’s', async () => {
    const u = await upstreamOf(owner, forkB.id);
    const all = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkB.id}/upstream/take`, {
        revision: u.draftRevision,
        toVersion: u.toVersion,
        take: u.changes.map((c) => ({ id: c.id })),
      }),
    );
    const d = all.draft;
    expect(findQuestion(d, 'mfa-email')!.title).toBe('Our wording: MFA on every mailbox?');
    expect(findQuestion(d, 'admin-separate')!.weight).toBe(3);
    expect(findSection(d, 'identity')!.target).toBe(0.9);
    const mfa = findSection(d, 'identity.mfa')!;
    expect(mfa.questions.map((q) => q.key).at(-1)).toBe('mfa-phishing-resistant');
    expect(findQuestion(d, 'open-concerns')).toBeUndefined();
    expect(d.summary).toBe('Updated checks every managed client should pass');
    expect(d.key).toBe('fork-b');

    // The same conflict with "take the upstream's": the fork's draft gets their wording.
    const forkC = await fork(owner, 'fork-c');
    // fork-c is forked from v2 already: nothing to take.
    expect((await upstreamOf(owner, forkC.id)).changes).toEqual([]);
  });

  it('a conflict resolved with the upstream’s side takes it', async () => {
    // Discarding brings fork-b's draft back to its v1, synced to upstream v1 again.
    const current = await ok<FrameworkDetail>(owner.client.get(`${base}/${forkB.id}`));
    const reset = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkB.id}/draft/discard`, { revision: current.draftRevision }),
    );
    expect(reset.upstream).toMatchObject({ syncedVersion: 1 });
    const taken = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkB.id}/upstream/take`, {
        revision: reset.draftRevision,
        toVersion: 2,
        take: [{ id: 'mfa-email', keep: 'upstream' }],
      }),
    );
    expect(findQuestion(taken.draft, 'mfa-email')!.title).toBe(
      'Is MFA enforced on every mailbox, shared ones too?',
    );
  });

  it('refuses unknown changes, a stale revision and an old upstream version', async () => {
    const f = await fork(owner, 'fork-d');
    // fork-d is synced to v2 already.
    const res = await owner.client.post(`${base}/${f.id}/upstream/take`, {
      revision: f.draftRevision,
      toVersion: 2,
      take: [],
    });
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('content.upstream_version');

    const current = await ok<FrameworkDetail>(owner.client.get(`${base}/${forkB.id}`));
    const reset = await ok<FrameworkDetail>(
      owner.client.post(`${base}/${forkB.id}/draft/discard`, { revision: current.draftRevision }),
    );
    const unknown = await owner.client.post(`${base}/${forkB.id}/upstream/take`, {
      revision: reset.draftRevision,
      toVersion: 2,
      take: [{ id: 'no-such-change' }],
    });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields)).toEqual(['take[0].id']);
    const stale = await owner.client.post(`${base}/${forkB.id}/upstream/take`, {
      revision: reset.draftRevision - 1,
      toVersion: 2,
      take: [],
    });
    expect(stale.status).toBe(409);
    expect(await errorCode(stale)).toBe('content.stale_revision');
    const wrongVersion = await owner.client.post(`${base}/${forkB.id}/upstream/take`, {
      revision: reset.draftRevision,
      toVersion: 3,
      take: [],
    });
    expect(await errorCode(wrongVersion)).toBe('content.upstream_version');
  });

  it('another account can neither see nor act on the fork (404, nothing changed)', async () => {
    const before = await t.database.db.select().from(frameworks).where(eq(frameworks.id, forkB.id));
    const get = await other.client.get(`${base}/${forkB.id}/upstream`);
    expect(get.status).toBe(404);
    const take = await other.client.post(`${base}/${forkB.id}/upstream/take`, {
      revision: before[0]!.draftRevision,
      toVersion: 2,
      take: [{ id: 'admin-separate' }],
    });
    expect(take.status).toBe(404);
    const forkOfFork = await other.client.post(`${base}/${forkB.id}/fork`, { key: 'stolen' });
    expect(forkOfFork.status).toBe(404);
    const memberTake = await member.client.post(`${base}/${forkB.id}/upstream/take`, {
      revision: before[0]!.draftRevision,
      toVersion: 2,
      take: [],
    });
    expect(memberTake.status).toBe(403);
    const after = await t.database.db.select().from(frameworks).where(eq(frameworks.id, forkB.id));
    expect(after).toEqual(before);
  });
});
