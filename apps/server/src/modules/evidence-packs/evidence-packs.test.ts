import { createHash, randomUUID } from 'node:crypto';
import { EvidencePackSchema, type EvidencePack } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidencePacks, storedFiles } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { assessed, ownerWithFramework, addTenant } from '../../test/data.ts';
import { addEvidence } from '../../test/evidence-files.ts';
import { WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { pruneEvidencePacks } from './evidence-packs.service.ts';
import type { PackManifest } from './pack-zip.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;
let assessmentId: string;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const bytesOf = (s: string) => new TextEncoder().encode(s);
const packsOf = (aid: string, tid = tenantId) =>
  `/api/v1/tenants/${tid}/assessments/${aid}/evidence-packs`;
const packPath = (id: string, tid = tenantId) => `/api/v1/tenants/${tid}/evidence-packs/${id}`;

async function requestPack(client: TestClient = owner.client, aid = assessmentId) {
  return EvidencePackSchema.parse(await ok(client.post(packsOf(aid), {}), 202));
}

async function readPack(id: string, client: TestClient = owner.client): Promise<EvidencePack> {
  return EvidencePackSchema.parse(await ok(client.get(packPath(id))));
}

const packRows = () =>
  t.database.db
    .select({ id: evidencePacks.id })
    .from(evidencePacks)
    .where(eq(evidencePacks.tenantId, tenantId));

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t, {
    tenant: 'Acme Manufacturing',
  }));
  const a = await assessed(WORKED_EXAMPLE_ANSWERS, {
    client: owner.client,
    tenantId,
    frameworkId,
    name: 'Annual review 2026',
  });
  assessmentId = a.id;
});
afterAll(async () => {
  await t?.close();
});

describe('an evidence pack', () => {
  let pack: EvidencePack;
  let files: Record<string, Uint8Array>;
  const contents: Record<string, Uint8Array> = {};

  it('is built in the background: answers, every linked file, and a manifest of hashes', async () => {
    const base = { t, accountId: owner.tid, tenantId, userId: owner.uid };
    const add = async (name: string, text: string, keys: string[], extra = {}) => {
      const bytes = bytesOf(text);
      const e = await addEvidence(t, {
        ...base,
        name,
        bytes,
        links: { assessmentId, questionKeys: keys },
        ...extra,
      });
      contents[e.evidenceId] = bytes;
      return e;
    };
    // A larger file, over several store chunks' worth of pieces.
    const big = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    const mfa = await addEvidence(t, {
      ...base,
      name: 'MFA policy.pdf',
      contentType: 'application/pdf',
      bytes: big,
      effectiveOn: '2026-01-15',
      expiresOn: '2027-01-15',
      links: { assessmentId, questionKeys: ['Q1'] },
    });
    contents[mfa.evidenceId] = big;
    await add('mfa policy.PDF', 'second file of the same name', ['Q1']);
    await add('../../etc/passwd', 'a name trying to leave its folder', ['Q2']);
    await add('shared.txt', 'backs two answers', ['Q4', 'Q2']);
    // In the library but linked to no answer of this assessment: not in the pack.
    await addEvidence(t, { ...base, name: 'unlinked.txt', bytes: bytesOf('not here') });

    pack = await requestPack();
    expect(pack).toMatchObject({ assessmentId, fileName: 'Annual-review-2026-evidence.zip' });
    pack = await readPack(pack.id); // the tests' queue runs the job at once
    expect(pack).toMatchObject({ status: 'done', progress: 1, error: null });

    const res = await owner.client.get(`${packPath(pack.id)}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Annual-review-2026-evidence.zip"',
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(zip.length).toBe(pack.bytes);
    expect(sha(zip)).toBe(pack.sha256);
    files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'answers.csv',
      'evidence/Q1/MFA policy.pdf',
      'evidence/Q1/mfa policy (2).PDF',
      'evidence/Q2/_.._etc_passwd',
      'evidence/Q2/shared.txt',
      'manifest.csv',
      'manifest.json',
    ]);
  });

  it('has a manifest whose every hash matches the bytes of its entry and the stored hash', async () => {
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as PackManifest;
    expect(manifest).toMatchObject({
      manifestVersion: 1,
      packId: pack.id,
      account: { id: owner.tid },
      tenant: { id: tenantId, name: 'Acme Manufacturing' },
      assessment: { id: assessmentId, name: 'Annual review 2026', status: 'Completed' },
      framework: { id: frameworkId, version: 1 },
    });
    expect(manifest.files).toHaveLength(4);
    for (const f of manifest.files) {
      const entry = files[f.path]!;
      expect(sha(entry), f.path).toBe(f.sha256);
      expect(entry.length).toBe(f.bytes);
      expect(Buffer.from(entry).equals(Buffer.from(contents[f.evidenceId]!)), f.path).toBe(true);
      const [stored] = await t.database.db
        .select({ sha256: storedFiles.sha256 })
        .from(storedFiles)
        .where(eq(storedFiles.sha256, f.sha256));
      expect(stored).toBeDefined();
    }
    expect(sha(files['answers.csv']!)).toBe(manifest.answers.sha256);
    const mfa = manifest.files.find((f) => f.name === 'MFA policy.pdf')!;
    expect(mfa).toMatchObject({
      effectiveOn: '2026-01-15',
      expiresOn: '2027-01-15',
      contentType: 'application/pdf',
      uploadedBy: 'Olivia Owner',
      revision: 1,
      questions: [{ key: 'Q1' }],
    });
    const shared = manifest.files.find((f) => f.name === 'shared.txt')!;
    expect(shared.questions.map((q) => q.key)).toEqual(['Q2', 'Q4']);
    const csv = strFromU8(files['manifest.csv']!);
    expect(csv).toContain(mfa.sha256);
    expect(csv).toContain('evidence/Q2/shared.txt');
    expect(strFromU8(files['answers.csv']!)).toContain('Question title');
  });

  it('is made and downloaded by a shared viewer too', async () => {
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    const mine = await requestPack(viewer);
    expect((await readPack(mine.id, viewer)).status).toBe('done');
    expect((await viewer.get(`${packPath(mine.id)}/file`)).status).toBe(200);
  });

  it('is not found by another account or a member limited to other tenants', async () => {
    const before = (await packRows()).length;
    const stranger = await signUpPerson(t, 'stranger');
    for (const path of [packPath(pack.id), `${packPath(pack.id)}/file`]) {
      const res = await stranger.client.get(path);
      expect(res.status).toBe(404);
    }
    expect((await stranger.client.post(packsOf(assessmentId), {})).status).toBe(404);
    const limited = await addMember(t, owner, 'member');
    const other = await addTenant(t, owner.tid, 'Other client');
    await ok(
      owner.client.request(`/api/v1/members/${limited.uid}/tenant-access`, {
        method: 'PUT',
        json: { mode: 'only', tenantIds: [other], version: 0 },
      }),
    );
    expect((await limited.client.get(packPath(pack.id))).status).toBe(404);
    expect((await limited.client.get(`${packPath(pack.id)}/file`)).status).toBe(404);
    expect((await limited.client.post(packsOf(assessmentId), {})).status).toBe(404);
    // Under the tenant they reach, this tenant's pack is not found either.
    expect((await limited.client.get(packPath(pack.id, other))).status).toBe(404);
    expect((await packRows()).length).toBe(before);
  });
});

describe('limits and failures', () => {
  it('answers 409 while a pack is on its way, and 429 past two on their way', async () => {
    const queued = randomUUID();
    const values = (id: string) => ({
      id,
      accountId: owner.tid,
      tenantId,
      assessmentId,
      fileName: 'x.zip',
    });
    await t.database.db.insert(evidencePacks).values([values(queued), values(randomUUID())]);
    const res = await owner.client.get(`${packPath(queued)}/file`);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; details: unknown } };
    expect(body.error.code).toBe('evidence.pack_not_ready');
    const refused = await owner.client.post(packsOf(assessmentId), {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await errorCode(refused)).toBe('evidence.pack_too_many');
    await t.database.db.delete(evidencePacks).where(eq(evidencePacks.fileName, 'x.zip'));
  });

  it('fails, saying why, when a file’s bytes no longer match their stored hash', async () => {
    const other = await assessed(
      { Q1: { value: 'yes' } },
      { client: owner.client, tenantId, frameworkId, name: 'Tampered', complete: false },
    );
    const e = await addEvidence(t, {
      t,
      accountId: owner.tid,
      tenantId,
      userId: owner.uid,
      name: 'changed.txt',
      bytes: bytesOf('original bytes'),
      links: { assessmentId: other.id, questionKeys: ['Q1'] },
    } as never);
    const [row] = await t.database.db
      .select({ key: storedFiles.blobKey })
      .from(storedFiles)
      .where(eq(storedFiles.id, e.storedFileId));
    const w = await t.deps.blobs.createWriter(row!.key);
    await w.write(bytesOf('altered bytes!'));
    await w.finish();
    const pack = await readPack((await requestPack(owner.client, other.id)).id);
    expect(pack.status).toBe('failed');
    expect(pack.error).toMatch(/changed\.txt.*SHA-256/);
    expect(pack.bytes).toBeNull();
    const [left] = await t.database.db
      .select({ key: evidencePacks.blobKey })
      .from(evidencePacks)
      .where(eq(evidencePacks.id, pack.id));
    // The half-written ZIP was never finished: nothing under its key.
    const pieces: Uint8Array[] = [];
    for await (const p of t.deps.blobs.read(left!.key!)) pieces.push(p);
    expect(pieces).toEqual([]);
  });

  it('of a deleted assessment is gone at once, and the next prune deletes its ZIP', async () => {
    const doomed = await assessed(WORKED_EXAMPLE_ANSWERS, {
      client: owner.client,
      tenantId,
      frameworkId,
      name: 'To be deleted',
    });
    const pack = await readPack((await requestPack(owner.client, doomed.id)).id);
    const [row] = await t.database.db
      .select({ key: evidencePacks.blobKey })
      .from(evidencePacks)
      .where(eq(evidencePacks.id, pack.id));
    expect(row!.key).toBeTruthy();
    const path = `/api/v1/tenants/${tenantId}/assessments/${doomed.id}`;
    expect((await owner.client.request(path, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.client.get(packPath(pack.id))).status).toBe(404);
    expect(await pruneEvidencePacks(t.database.db, t.deps.blobs)).toBeGreaterThan(0);
    const left = await t.database.db
      .select({ id: evidencePacks.id })
      .from(evidencePacks)
      .where(eq(evidencePacks.id, pack.id));
    expect(left).toEqual([]);
    const pieces: Uint8Array[] = [];
    for await (const p of t.deps.blobs.read(row!.key!)) pieces.push(p);
    expect(pieces).toEqual([]);
  });

  it('is deleted with its ZIP after a week', async () => {
    const pack = await readPack((await requestPack()).id);
    const [row] = await t.database.db
      .select({ key: evidencePacks.blobKey })
      .from(evidencePacks)
      .where(eq(evidencePacks.id, pack.id));
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await pruneEvidencePacks(t.database.db, t.deps.blobs, later)).toBeGreaterThan(0);
    expect((await owner.client.get(packPath(pack.id))).status).toBe(404);
    const pieces: Uint8Array[] = [];
    for await (const p of t.deps.blobs.read(row!.key!)) pieces.push(p);
    expect(pieces).toEqual([]);
  });
});
