import { createHash } from 'node:crypto';
import { EVIDENCE_LIMITS, PLANS } from '@tenantry/shared';
import { count, eq, like } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerEvidence,
  blobChunks,
  evidenceFiles,
  evidenceRevisions,
  storedFiles,
} from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { assessed, ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { respondentOf } from '../../test/world/fixtures/assessments.ts';
import { assessmentFrameworkDocument, QUESTION_KEYS } from '../../test/world/frameworks.ts';
import { openDownload } from './downloads.service.ts';
import { evidenceForAssessment } from './evidence.service.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;
let assessmentId: string;
const Q = QUESTION_KEYS.yes_no;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface FileBody {
  id: string;
  name: string;
  contentType: string;
  bytes: number;
  sha256: string;
  revision: number;
  version: number;
  state: string;
  useCount: number;
  previewUrl: string | null;
  effectiveOn: string;
  expiresOn: string | null;
}

const library = () => `/api/v1/tenants/${tenantId}/evidence`;

function upload(
  client: TestClient,
  body: Uint8Array | string,
  query: string,
  path = library(),
): Promise<Response> {
  return client.request(`${path}?${query}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': 'application/octet-stream' },
  });
}

/** What the account keeps: rows of every evidence table, and bytes in the file store. */
async function kept(accountId = owner.tid) {
  const { db } = t.database;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    files: await n(
      db.select({ n: count() }).from(evidenceFiles).where(eq(evidenceFiles.accountId, accountId)),
    ),
    revisions: await n(
      db
        .select({ n: count() })
        .from(evidenceRevisions)
        .where(eq(evidenceRevisions.accountId, accountId)),
    ),
    stored: await n(
      db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.accountId, accountId)),
    ),
    chunks: await n(
      db
        .select({ n: count() })
        .from(blobChunks)
        .where(like(blobChunks.blobKey, `%accounts/${accountId}/%`)),
    ),
  };
}

async function png(): Promise<Buffer> {
  return sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
}

function docx(documentXml: Uint8Array | string): Uint8Array {
  const text = (s: string) => new TextEncoder().encode(s);
  return zipSync({
    '[Content_Types].xml': text('<?xml version="1.0"?><Types/>'),
    'word/document.xml': typeof documentXml === 'string' ? text(documentXml) : documentXml,
  });
}

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t, {
    document: assessmentFrameworkDocument('evidence'),
  }));
  const a = await assessed(
    { [Q]: { value: 'yes' } },
    {
      client: owner.client,
      tenantId,
      frameworkId,
      complete: false,
    },
  );
  assessmentId = a.id;
});

afterAll(async () => {
  await t?.close();
});

describe('uploads', () => {
  it('keeps a PDF with its hash, lists it, and downloads it through a signed link', async () => {
    const file = await ok<FileBody>(
      upload(
        owner.client,
        PDF,
        'name=MFA%20policy.pdf&effectiveOn=2026-01-01&expiresOn=2026-12-31',
      ),
      201,
    );
    expect(file).toMatchObject({
      name: 'MFA policy.pdf',
      contentType: 'application/pdf',
      bytes: PDF.length,
      sha256: sha(PDF),
      revision: 1,
      version: 1,
      effectiveOn: '2026-01-01',
      expiresOn: '2026-12-31',
      previewUrl: null,
    });
    const list = await ok<{ items: FileBody[] }>(owner.client.get(`${library()}?q=mfa`));
    expect(list.items.map((f) => f.id)).toContain(file.id);

    const link = await ok<{ url: string; expiresAt: string }>(
      owner.client.post(`${library()}/${file.id}/download-link`, {}),
    );
    const res = await t.client().get(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment;');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''MFA%20policy.pdf");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(PDF));

    // A link altered is refused; one past its time has expired.
    const token = link.url.split('/').pop()!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.client().get(`/api/v1/evidence-downloads/${forged}`)).status).toBe(403);
    const later = Date.now() + (EVIDENCE_LIMITS.downloadLinkSeconds + 1) * 1000;
    await expect(
      openDownload(t.database.db, t.deps.config.authSecret, token, later),
    ).rejects.toMatchObject({ status: 410, code: 'evidence.link_invalid' });
  });

  it('decides the type by the bytes and corrects the name’s extension', async () => {
    const image = await png();
    const file = await ok<FileBody>(upload(owner.client, image, 'name=scan.pdf'), 201);
    expect(file).toMatchObject({ name: 'scan.png', contentType: 'image/png' });
    expect(file.previewUrl).toContain('/preview?revision=1');
    const preview = await owner.client.get(file.previewUrl!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    // Made once, then kept.
    expect((await owner.client.get(file.previewUrl!)).status).toBe(200);

    const sheet = await ok<FileBody>(
      upload(owner.client, 'control,owner\nMFA,IT\n', 'name=controls.csv'),
      201,
    );
    expect(sheet.contentType).toBe('text/csv');
    const word = await ok<FileBody>(
      upload(owner.client, docx('<w:document/>'), 'name=Policy'),
      201,
    );
    expect(word).toMatchObject({
      name: 'Policy.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const noPreview = await owner.client.get(`${library()}/${sheet.id}/preview`);
    expect(noPreview.status).toBe(404);
  });

  const refused: Array<[string, () => Promise<Uint8Array | string>, string, number, string]> = [
    ['zero bytes', async () => '', 'name=empty.pdf', 400, 'evidence.empty'],
    [
      'HTML named .pdf',
      async () => '<!doctype html><script>alert(1)</script>',
      'name=x.pdf',
      415,
      'evidence.type_not_allowed',
    ],
    [
      'HTML named .txt',
      async () => '<html><script>alert(1)</script></html>',
      'name=x.txt',
      415,
      'evidence.type_not_allowed',
    ],
    [
      'an .exe named .pdf',
      async () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(600)]),
      'name=x.pdf',
      415,
      'evidence.type_not_allowed',
    ],
    [
      'binary named .txt',
      async () => Buffer.from([0x61, 0x00, 0x62, 0xff]),
      'name=x.txt',
      415,
      'evidence.type_not_allowed',
    ],
    [
      'a PDF that is also a web page',
      async () => Buffer.concat([PDF, Buffer.from('<html><script>alert(1)</script>')]),
      'name=x.pdf',
      415,
      'evidence.unsafe_file',
    ],
    [
      'a GIF that is also a script',
      async () =>
        Buffer.concat([Buffer.from('GIF89a/*'), Buffer.alloc(40), Buffer.from('*/=alert(1);')]),
      'name=x.gif',
      415,
      'evidence.unsafe_file',
    ],
    [
      'a zip bomb named .docx',
      async () => docx(new Uint8Array(30 * 1024 * 1024)),
      'name=bomb.docx',
      415,
      'evidence.unsafe_file',
    ],
    [
      'a ZIP that is no document',
      async () => zipSync({ 'a.exe': new Uint8Array([77, 90]) }),
      'name=a.docx',
      415,
      'evidence.type_not_allowed',
    ],
    [
      'a path in the name',
      async () => PDF,
      'name=..%2F..%2Fetc%2Fpasswd.pdf',
      400,
      'evidence.bad_name',
    ],
    ['a backslash in the name', async () => PDF, 'name=a%5Cb.pdf', 400, 'evidence.bad_name'],
    ['.. in the name', async () => PDF, 'name=..pdf', 400, 'evidence.bad_name'],
    ['NUL in the name', async () => PDF, 'name=a%00.pdf', 400, 'evidence.bad_name'],
    ['a name too long', async () => PDF, `name=${'a'.repeat(201)}.pdf`, 400, 'evidence.bad_name'],
    [
      'expiry before the effective date',
      async () => PDF,
      'name=a.pdf&effectiveOn=2026-05-01&expiresOn=2026-04-30',
      400,
      'evidence.bad_dates',
    ],
    [
      'a day that is none',
      async () => PDF,
      'name=a.pdf&effectiveOn=2026-02-30',
      400,
      'evidence.bad_dates',
    ],
  ];
  for (const [what, body, query, status, code] of refused) {
    it(`refuses ${what} (${status} ${code}) and keeps nothing`, async () => {
      const before = await kept();
      const res = await upload(owner.client, await body(), query);
      expect(res.status).toBe(status);
      expect(await errorCode(res)).toBe(code);
      expect(await kept()).toEqual(before);
    });
  }

  it('refuses a file declared over 25 MB before reading it (413), keeping nothing', async () => {
    const before = await kept();
    const res = await owner.client.request(`${library()}?name=big.pdf`, {
      method: 'POST',
      body: PDF,
      headers: { 'content-length': String(EVIDENCE_LIMITS.maxBytes + 1) },
    });
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('storage.file_too_large');
    expect(await kept()).toEqual(before);
  });

  it('refuses an upload past the plan’s quota (413), keeping nothing', async () => {
    const other = await signUpPerson(t, 'quota', 'Quinn Quota');
    const otherTenant = await ok<{ id: string }>(
      other.client.post('/api/v1/tenants', { name: 'Quota client' }),
      201,
    );
    await t.database.db.insert(storedFiles).values({
      id: `full-${other.tid}`,
      accountId: other.tid,
      purpose: 'evidence',
      blobKey: `accounts/${other.tid}/evidence/full`,
      bytes: PLANS.pro.storageBytes,
      sha256: '0'.repeat(64),
    });
    const before = await kept(other.tid);
    const res = await upload(
      other.client,
      PDF,
      'name=a.pdf',
      `/api/v1/tenants/${otherTenant.id}/evidence`,
    );
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('storage.quota_exceeded');
    expect(await kept(other.tid)).toEqual(before);
  });
});

describe('revisions, edits and deletion', () => {
  it('replaces a file keeping the old revision, edits with a version, deletes everything', async () => {
    const first = await ok<FileBody>(upload(owner.client, PDF, 'name=backup.pdf'), 201);
    const second = Buffer.concat([PDF, Buffer.from('% v2\n')]);
    const replaced = await ok<FileBody>(
      upload(owner.client, second, 'version=1', `${library()}/${first.id}/revisions`),
    );
    expect(replaced).toMatchObject({
      revision: 2,
      version: 2,
      sha256: sha(second),
      name: 'backup.pdf',
    });
    const detail = await ok<{ revisions: { revision: number; sha256: string }[] }>(
      owner.client.get(`${library()}/${first.id}`),
    );
    expect(detail.revisions.map((r) => [r.revision, r.sha256])).toEqual([
      [2, sha(second)],
      [1, sha(PDF)],
    ]);
    // A stale replacement: 409 with the file as it is, nothing more kept.
    const before = await kept();
    const stale = await upload(
      owner.client,
      PDF,
      'version=1',
      `${library()}/${first.id}/revisions`,
    );
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      error: { code: string; details: { current: FileBody } };
    };
    expect(body.error.code).toBe('evidence.conflict');
    expect(body.error.details.current.version).toBe(2);
    expect(await kept()).toEqual(before);
    // The old revision still downloads.
    const old = await ok<{ url: string }>(
      owner.client.post(`${library()}/${first.id}/download-link?revision=1`, {}),
    );
    expect(sha(new Uint8Array(await (await t.client().get(old.url)).arrayBuffer()))).toBe(sha(PDF));

    const patched = await ok<FileBody>(
      owner.client.request(`${library()}/${first.id}`, {
        method: 'PATCH',
        json: {
          name: 'Backup policy',
          expiresOn: '2020-01-01',
          effectiveOn: '2019-01-01',
          version: 2,
        },
      }),
    );
    expect(patched).toMatchObject({ name: 'Backup policy.pdf', state: 'expired', version: 3 });
    const conflict = await owner.client.request(`${library()}/${first.id}`, {
      method: 'PATCH',
      json: { name: 'x', version: 2 },
    });
    expect(conflict.status).toBe(409);
    const badDates = await owner.client.request(`${library()}/${first.id}`, {
      method: 'PATCH',
      json: { expiresOn: '2018-01-01', version: 3 },
    });
    expect(await errorCode(badDates)).toBe('evidence.bad_dates');

    const withIt = await kept();
    expect(
      (await owner.client.request(`${library()}/${first.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    const after = await kept();
    expect(after.files).toBe(withIt.files - 1);
    expect(after.revisions).toBe(withIt.revisions - 2);
    expect(after.stored).toBe(withIt.stored - 2);
    expect(after.chunks).toBe(withIt.chunks - 2);
    expect((await owner.client.get(`${library()}/${first.id}`)).status).toBe(404);
    // Its links are gone with it.
    expect((await t.client().get(old.url)).status).toBe(404);
  });
});

describe('evidence on answers', () => {
  const onAnswer = (key: string, id: string) =>
    `/api/v1/tenants/${tenantId}/assessments/${assessmentId}/answers/${key}/evidence/${id}`;

  it('links files to an answer (10 at most), maps them, unlinks, and carries them forward', async () => {
    const linked = await ok<FileBody>(
      upload(owner.client, PDF, `name=mfa.pdf&assessmentId=${assessmentId}&questionKey=${Q}`),
      201,
    );
    expect(linked.useCount).toBe(1);
    const ids = [linked.id];
    for (let i = 0; i < 10; i += 1) {
      const f = await ok<FileBody>(upload(owner.client, `note ${i}\n`, `name=n${i}.txt`), 201);
      ids.push(f.id);
    }
    for (const id of ids.slice(1, 10)) {
      await ok(owner.client.request(onAnswer(Q, id), { method: 'PUT', json: {} }));
    }
    // Idempotent: linked again is no change.
    await ok(owner.client.request(onAnswer(Q, ids[1]!), { method: 'PUT', json: {} }));
    const tooMany = await owner.client.request(onAnswer(Q, ids[10]!), { method: 'PUT', json: {} });
    expect(tooMany.status).toBe(409);
    expect(await errorCode(tooMany)).toBe('evidence.too_many_files');
    const unknownQuestion = await owner.client.request(onAnswer('nope', ids[10]!), {
      method: 'PUT',
      json: {},
    });
    expect(unknownQuestion.status).toBe(404);

    const map = await ok<{ answers: Record<string, FileBody[]> }>(
      owner.client.get(`/api/v1/tenants/${tenantId}/assessments/${assessmentId}/evidence`),
    );
    expect(map.answers[Q]).toHaveLength(10);
    expect((await owner.client.request(onAnswer(Q, ids[9]!), { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await owner.client.request(onAnswer(Q, ids[9]!), { method: 'DELETE' })).status).toBe(
      404,
    );
    const detail = await ok<{ uses: { questionKey: string; questionTitle: string }[] }>(
      owner.client.get(`${library()}/${linked.id}`),
    );
    expect(detail.uses).toEqual([expect.objectContaining({ assessmentId, questionKey: Q })]);

    // Completed: the links are fixed; the next assessment carries them with the answer.
    const base = `/api/v1/tenants/${tenantId}/assessments/${assessmentId}`;
    await ok(owner.client.post(`${base}/complete`, {}));
    const closed = await owner.client.request(onAnswer(Q, ids[9]!), { method: 'PUT', json: {} });
    expect(await errorCode(closed)).toBe('evidence.assessment_closed');
    const next = await ok<{ id: string }>(owner.client.post(`${base}/next`, {}), 201);
    const carried = await evidenceForAssessment(t.database.db, owner.tid, next.id);
    expect(carried[Q]?.map((f) => f.id).sort()).toEqual(ids.slice(0, 9).sort());
    const rows = await t.database.db
      .select()
      .from(answerEvidence)
      .where(eq(answerEvidence.assessmentId, next.id));
    expect(rows.every((r) => r.carriedFromAssessmentId === assessmentId)).toBe(true);
    assessmentId = next.id;
  });
});

describe('respondents', () => {
  it('upload to their answers, see and download them, and remove their own', async () => {
    const onTenant = {
      tenantId,
      accountId: owner.tid,
      userId: owner.uid,
      email: owner.email,
      name: 'Olivia Owner',
      accountRole: 'owner' as const,
      shareRole: null,
    };
    const r = await respondentOf(t, onTenant, assessmentId, 'Rita', ['A']);
    const outside = await respondentOf(t, onTenant, assessmentId, 'Bob', ['B']);
    const as = (token: string) => ({ 'x-respondent-token': token });
    const photo = await png();
    const res = await t.client().request(`/api/v1/respond/answers/${Q}/evidence?name=photo.jpg`, {
      method: 'POST',
      body: new Uint8Array(photo),
      headers: as(r.token),
    });
    expect(res.status).toBe(201);
    const file = (await res.json()) as FileBody;
    expect(file).toMatchObject({ name: 'photo.png', contentType: 'image/png' });

    const mine = await ok<{ answers: Record<string, FileBody[]> }>(
      t.client().request('/api/v1/respond/evidence', { headers: as(r.token) }),
    );
    expect(mine.answers[Q]?.map((f) => f.id)).toContain(file.id);
    const theirs = await ok<{ answers: Record<string, FileBody[]> }>(
      t.client().request('/api/v1/respond/evidence', { headers: as(outside.token) }),
    );
    expect(theirs.answers[Q]).toBeUndefined();

    // Outside their sections: not found, nothing kept.
    const before = await kept();
    const refused = await t.client().request(`/api/v1/respond/answers/${Q}/evidence?name=a.txt`, {
      method: 'POST',
      body: 'text',
      headers: as(outside.token),
    });
    expect(refused.status).toBe(404);
    expect(await kept()).toEqual(before);
    const noLink = await t.client().request(`/api/v1/respond/evidence/${file.id}/download-link`, {
      method: 'POST',
      headers: as(outside.token),
    });
    expect(noLink.status).toBe(404);

    const link = await ok<{ url: string }>(
      t.client().request(`/api/v1/respond/evidence/${file.id}/download-link`, {
        method: 'POST',
        headers: as(r.token),
      }),
    );
    expect((await t.client().get(link.url)).status).toBe(200);
    const unlink = await t.client().request(`/api/v1/respond/answers/${Q}/evidence/${file.id}`, {
      method: 'DELETE',
      headers: as(r.token),
    });
    expect(unlink.status).toBe(204);
  });
});

describe('outsiders', () => {
  it('another account gets 404, a viewer 403 on writes, a contributor uploads', async () => {
    const file = await ok<FileBody>(upload(owner.client, PDF, 'name=secret.pdf'), 201);
    const stranger = await signUpPerson(t, 'stranger', 'Sam Stranger');
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    const before = await kept();
    const tries: Array<[string, string, unknown?]> = [
      ['GET', library()],
      ['GET', `${library()}/${file.id}`],
      ['PATCH', `${library()}/${file.id}`, { name: 'x', version: 1 }],
      ['DELETE', `${library()}/${file.id}`],
      ['POST', `${library()}/${file.id}/download-link`, {}],
    ];
    for (const [method, path, json] of tries) {
      const res = await stranger.client.request(path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await upload(stranger.client, PDF, 'name=a.pdf')).status).toBe(404);
    expect((await upload(viewer, PDF, 'name=a.pdf')).status).toBe(403);
    expect((await viewer.request(`${library()}/${file.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect(await kept()).toEqual(before);
    expect((await viewer.get(`${library()}/${file.id}`)).status).toBe(200);
    expect((await upload(contributor, PDF, 'name=from-contributor.pdf')).status).toBe(201);
  });
});
