import type {
  Article,
  FrameworkDetail,
  FrameworkDiff,
  FrameworkDocument,
  LibraryFrameworkDetail,
  LibraryFrameworkList,
  Playbook,
  PlaybookList,
} from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, frameworks, frameworkVersions } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { deepFrameworkDocumentText, tooDeepSectionPath } from '../../test/frameworks.ts';
import { ok } from '../../test/http.ts';
import { addMember, makeSystemAdmin, type Person, signUpPerson } from '../../test/people.ts';
import { loadLibrary, readLibrary } from './library.seed.ts';

let t: TestApp;
let admin: Person; // a system admin (authors global content)
let owner: Person; // owner of account A (authors private content)
let member: Person; // member of account A
let other: Person; // owner of account B

beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'owner');
  member = await addMember(t, owner, 'member');
  other = await signUpPerson(t, 'other');
});
afterAll(async () => {
  await t?.close();
});

const FORMAT = 'tenantry.framework/1';

function sampleDoc(key = 'sample', extra: Partial<FrameworkDocument> = {}) {
  return {
    format: FORMAT,
    key,
    name: 'Sample framework',
    sections: [
      {
        key: 'A',
        title: 'Section A',
        weight: 2,
        target: 0.8,
        questions: [
          { key: 'A-1', title: 'Is MFA on?', type: 'yes_no' },
          { key: 'A-2', title: 'How mature is patching?', type: 'maturity', weight: 3 },
        ],
        sections: [
          {
            key: 'A.1',
            title: 'Nested',
            questions: [
              {
                key: 'A.1-1',
                title: 'Pick one',
                type: 'single_choice',
                options: [
                  { key: 'a', label: 'All', score: 1 },
                  { key: 'n', label: 'None', score: 0 },
                ],
              },
            ],
          },
        ],
      },
    ],
    ...extra,
  };
}

const put = (client: TestClient, path: string, json: unknown) =>
  client.request(path, { method: 'PUT', json });

async function importFramework(client: TestClient, scope: 'global' | 'private', doc: unknown) {
  return ok<FrameworkDetail>(
    client.post('/api/v1/content/frameworks/import', { scope, document: doc }),
    201,
  );
}

describe('framework import', () => {
  it('answers every problem with its path in the file and writes nothing', async () => {
    const before = await t.database.db.select().from(frameworks);
    const bad = sampleDoc('broken');
    const q = bad.sections[0]!.sections[0]!.questions[0]! as { options: Array<{ score: number }> };
    q.options[1]!.score = 2;
    (bad.sections[0]!.questions[1] as { key: string }).key = 'A-1';
    const res = await owner.client.post('/api/v1/content/frameworks/import', {
      scope: 'private',
      document: bad,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('content.invalid_document');
    expect(body.error.fields['sections[0].sections[0].questions[0].options[1].score']).toBe(
      'must be ≤ 1',
    );
    // Field errors first; the duplicate key is reported once the fields are well-formed.
    bad.sections[0]!.sections[0]!.questions[0]! = {
      ...q,
      options: [
        { key: 'a', label: 'A', score: 1 },
        { key: 'n', label: 'N', score: 0 },
      ],
    } as never;
    const res2 = await owner.client.post('/api/v1/content/frameworks/import', {
      scope: 'private',
      document: bad,
    });
    const body2 = (await res2.json()) as { error: { fields: Record<string, string> } };
    expect(body2.error.fields['sections[0].questions[1].key']).toMatch(
      /already used at sections\[0\]\.questions\[0\]/,
    );
    expect(await t.database.db.select().from(frameworks)).toHaveLength(before.length);
  });

  it('refuses links to playbooks that do not exist, by path', async () => {
    const doc = sampleDoc('links');
    (doc.sections[0]!.questions[0] as { playbooks?: string[] }).playbooks = ['no-such-playbook'];
    const res = await owner.client.post('/api/v1/content/frameworks/import', {
      scope: 'private',
      document: doc,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields['sections[0].questions[0].playbooks[0]']).toMatch(/no-such-playbook/);
  });

  it('imports, and an export of any version re-imports to exactly the same document', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('roundtrip'));
    expect(fw.scope).toBe('private');
    expect(fw.questionCount).toBe(3);
    expect(fw.latestVersion).toBeNull();
    const exported = await owner.client.get(
      `/api/v1/content/frameworks/${fw.id}/export?version=draft`,
    );
    expect(exported.headers.get('content-disposition')).toContain('roundtrip-draft.json');
    const doc = (await exported.json()) as FrameworkDocument;
    expect(doc.sections[0]!.questions[0]).toMatchObject({
      weight: 1,
      naAllowed: false,
      playbooks: [],
    });
    await ok(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: 1,
        releaseNotes: 'First',
      }),
    );
    const v1 = await (
      await owner.client.get(`/api/v1/content/frameworks/${fw.id}/export?version=1`)
    ).text();
    expect(JSON.parse(v1)).toEqual(doc);
    const again = await importFramework(other.client, 'private', JSON.parse(v1));
    const v1b = await (
      await other.client.get(`/api/v1/content/frameworks/${again.id}/export?version=draft`)
    ).text();
    expect(v1b).toBe(v1);
  });

  it('a second import of the same key in the same scope is a 409; another account may use it', async () => {
    await importFramework(owner.client, 'private', sampleDoc('dupe'));
    const res = await owner.client.post('/api/v1/content/frameworks/import', {
      scope: 'private',
      document: sampleDoc('dupe'),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'content.key_taken',
    );
    await importFramework(other.client, 'private', sampleDoc('dupe'));
  });
});

describe('documents nested far too deep (issue 21)', () => {
  async function expectRefused(res: Response) {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('content.invalid_document');
    expect(body.error.fields).toEqual({ [tooDeepSectionPath]: 'sections nest at most 8 deep' });
  }

  it.each([1_000, 10_000])(
    'a file %i sections deep is refused with its path on import and on draft save; nothing is written',
    async (depth) => {
      const fw = await importFramework(owner.client, 'private', sampleDoc(`deep-${depth}`));
      const before = await t.database.db.select().from(frameworks);
      const doc = deepFrameworkDocumentText(`deeper-${depth}`, depth);
      const headers = { 'content-type': 'application/json' };
      await expectRefused(
        await owner.client.request('/api/v1/content/frameworks/import', {
          method: 'POST',
          headers,
          body: `{"scope":"private","document":${doc}}`,
        }),
      );
      await expectRefused(
        await owner.client.request(`/api/v1/content/frameworks/${fw.id}/draft`, {
          method: 'PUT',
          headers,
          body: `{"revision":${fw.draftRevision},"document":${doc}}`,
        }),
      );
      expect(await t.database.db.select().from(frameworks)).toEqual(before);
    },
  );
});

describe('drafts, versions and the diff', () => {
  it('saves on the loaded revision, 409s on a stale one with the current draft, publishes v2 and diffs by key', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('versions'));
    const v1 = await ok<FrameworkDetail>(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: fw.draftRevision,
        releaseNotes: 'v1',
      }),
    );
    expect(v1.latestVersion).toBe(1);
    expect(v1.hasDraftChanges).toBe(false);

    // Nothing changed: nothing to publish.
    const same = await owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      revision: v1.draftRevision,
      releaseNotes: 'again',
    });
    expect(same.status).toBe(409);

    const doc = structuredClone(v1.draft);
    doc.sections[0]!.questions[0]!.title = 'Is MFA enforced for everyone?';
    doc.sections[0]!.questions.push({
      key: 'A-3',
      title: 'New',
      type: 'text',
      description: '',
      guidance: '',
      weight: 1,
      tags: [],
      naAllowed: false,
      playbooks: [],
    });
    doc.sections[0]!.sections[0]!.questions = [];
    const saved = await ok<FrameworkDetail>(
      put(owner.client, `/api/v1/content/frameworks/${fw.id}/draft`, {
        revision: v1.draftRevision,
        document: doc,
      }),
    );
    expect(saved.draftRevision).toBe(v1.draftRevision + 1);
    expect(saved.hasDraftChanges).toBe(true);

    // A second editor on the old revision gets the current draft back, and nothing is overwritten.
    const stale = await put(owner.client, `/api/v1/content/frameworks/${fw.id}/draft`, {
      revision: v1.draftRevision,
      document: v1.draft,
    });
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as {
      error: { code: string; details: { current: FrameworkDetail } };
    };
    expect(conflict.error.code).toBe('content.stale_revision');
    expect(conflict.error.details.current.draftRevision).toBe(saved.draftRevision);
    expect(conflict.error.details.current.draft.sections[0]!.questions[0]!.title).toBe(
      'Is MFA enforced for everyone?',
    );

    const diff = await ok<FrameworkDiff>(
      owner.client.get(`/api/v1/content/frameworks/${fw.id}/diff?from=1&to=draft`),
    );
    expect(diff.added.map((n) => n.key)).toEqual(['A-3']);
    expect(diff.removed.map((n) => n.key)).toEqual(['A.1-1']);
    expect(diff.changed).toEqual([
      expect.objectContaining({
        key: 'A-1',
        fields: ['title'],
        previousTitle: 'Is MFA on?',
        affectsAnswers: false,
      }),
    ]);

    const v2 = await ok<FrameworkDetail>(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: saved.draftRevision,
        releaseNotes: 'Reworded A-1',
      }),
    );
    expect(v2.latestVersion).toBe(2);
    expect(v2.versions.map((v) => [v.version, v.releaseNotes])).toEqual([
      [2, 'Reworded A-1'],
      [1, 'v1'],
    ]);
    // Version 1 is unchanged.
    const old = await ok<{ document: FrameworkDocument }>(
      owner.client.get(`/api/v1/content/frameworks/${fw.id}/versions/1`),
    );
    expect(old.document.sections[0]!.questions[0]!.title).toBe('Is MFA on?');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, fw.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'content.imported',
      'content.published',
      'content.published',
    ]);

    // A published framework cannot be deleted, only archived.
    const del = await owner.client.request(`/api/v1/content/frameworks/${fw.id}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(409);
    expect(
      await t.database.db
        .select()
        .from(frameworkVersions)
        .where(eq(frameworkVersions.frameworkId, fw.id)),
    ).toHaveLength(2);
  });

  it('a new question may not take a key a published version used, unless it is the same question', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('reused-keys'));
    const v1 = await ok<FrameworkDetail>(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: fw.draftRevision,
        releaseNotes: 'v1',
      }),
    );
    // Every key of a published version is listed, with its title there.
    expect(v1.usedKeys.map((u) => `${u.kind}:${u.key}@${u.version}`).sort()).toEqual([
      'question:A-1@1',
      'question:A-2@1',
      'question:A.1-1@1',
      'section:A.1@1',
      'section:A@1',
    ]);
    expect(v1.usedKeys.find((u) => u.key === 'A-1')?.title).toBe('Is MFA on?');
    const draftUrl = `/api/v1/content/frameworks/${fw.id}/draft`;

    // Delete A-1 (saved), then add a different question under the same key.
    const without = structuredClone(v1.draft);
    const mfa = without.sections[0]!.questions.shift()!;
    const deleted = await ok<FrameworkDetail>(
      put(owner.client, draftUrl, { revision: v1.draftRevision, document: without }),
    );
    const reused = structuredClone(deleted.draft);
    reused.sections[0]!.questions.push({ ...mfa, title: 'Are backups tested?' });
    const refused = await put(owner.client, draftUrl, {
      revision: deleted.draftRevision,
      document: reused,
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as {
      error: {
        code: string;
        message: string;
        fields: Record<string, string>;
        details: { reused: Array<{ key: string; path: string; version: number; title: string }> };
      };
    };
    expect(body.error.code).toBe('content.key_reused');
    expect(body.error.fields).toEqual({
      'sections[0].questions[1].key': expect.stringContaining('“Is MFA on?” in version 1'),
    });
    expect(body.error.details.reused).toEqual([
      { key: 'A-1', path: 'sections[0].questions[1].key', version: 1, title: 'Is MFA on?' },
    ]);
    // Nothing was saved.
    const still = await ok<FrameworkDetail>(
      owner.client.get(`/api/v1/content/frameworks/${fw.id}`),
    );
    expect(still.draftRevision).toBe(deleted.draftRevision);

    // Renaming another question onto the retired key is the same case.
    const renamed = structuredClone(deleted.draft);
    renamed.sections[0]!.questions[0]!.key = 'A-1';
    const refusedRename = await put(owner.client, draftUrl, {
      revision: deleted.draftRevision,
      document: renamed,
    });
    expect(refusedRename.status).toBe(409);

    // A new key is fine, and so is the old key when the author says it is the same question.
    const fresh = structuredClone(deleted.draft);
    fresh.sections[0]!.questions.push({ ...mfa, key: 'A-3', title: 'Are backups tested?' });
    const savedFresh = await ok<FrameworkDetail>(
      put(owner.client, draftUrl, { revision: deleted.draftRevision, document: fresh }),
    );
    const back = structuredClone(savedFresh.draft);
    back.sections[0]!.questions.unshift(mfa);
    const restored = await ok<FrameworkDetail>(
      put(owner.client, draftUrl, {
        revision: savedFresh.draftRevision,
        document: back,
        sameQuestions: ['A-1'],
      }),
    );
    // Once in the draft, the key is carried: later saves need no flag.
    const edited = structuredClone(restored.draft);
    edited.sections[0]!.questions[0]!.title = 'Is MFA enforced?';
    await ok<FrameworkDetail>(
      put(owner.client, draftUrl, { revision: restored.draftRevision, document: edited }),
    );
    const diff = await ok<FrameworkDiff>(
      owner.client.get(`/api/v1/content/frameworks/${fw.id}/diff?from=1&to=draft`),
    );
    expect(diff.added.map((n) => n.key)).toEqual(['A-3']);
    expect(diff.removed).toEqual([]);
    expect(diff.changed.map((n) => n.key)).toEqual(['A-1']);

    // Before the first publish nothing is retired: a draft's keys are free to come and go.
    const unpublished = await importFramework(owner.client, 'private', sampleDoc('unpublished'));
    expect(unpublished.usedKeys).toEqual([]);
    const gone = structuredClone(unpublished.draft);
    const q = gone.sections[0]!.questions.shift()!;
    const saved = await ok<FrameworkDetail>(
      put(owner.client, `/api/v1/content/frameworks/${unpublished.id}/draft`, {
        revision: 1,
        document: gone,
      }),
    );
    const again = structuredClone(saved.draft);
    again.sections[0]!.questions.push({ ...q, title: 'Something else' });
    await ok<FrameworkDetail>(
      put(owner.client, `/api/v1/content/frameworks/${unpublished.id}/draft`, {
        revision: saved.draftRevision,
        document: again,
      }),
    );
  });

  it('the key of a framework never changes', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('fixed-key'));
    const res = await put(owner.client, `/api/v1/content/frameworks/${fw.id}/draft`, {
      revision: 1,
      document: { ...fw.draft, key: 'renamed' },
    });
    expect(res.status).toBe(400);
  });
});

describe('who may author', () => {
  it('a member cannot author or publish; the owner can; only system admins author global content', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('perm'));
    const pub = await member.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      revision: 1,
      releaseNotes: 'x',
    });
    expect(pub.status).toBe(403);
    const imp = await member.client.post('/api/v1/content/frameworks/import', {
      scope: 'private',
      document: sampleDoc('perm2'),
    });
    expect(imp.status).toBe(403);
    const glob = await owner.client.post('/api/v1/content/frameworks/import', {
      scope: 'global',
      document: sampleDoc('perm3'),
    });
    expect(glob.status).toBe(403);
    const g = await importFramework(admin.client, 'global', sampleDoc('global-one'));
    expect(g.scope).toBe('global');
    // The member's authoring list is empty; the owner's holds only their account's.
    const list = await ok<{ items: Array<{ key: string }> }>(
      member.client.get('/api/v1/content/frameworks'),
    );
    expect(list.items).toEqual([]);
    const mine = await ok<{ items: Array<{ key: string; scope: string }> }>(
      owner.client.get('/api/v1/content/frameworks?limit=100'),
    );
    expect(mine.items.every((i) => i.scope === 'private')).toBe(true);
  });

  it('another account’s private framework answers 404 everywhere and is unchanged', async () => {
    const fw = await importFramework(owner.client, 'private', sampleDoc('secret'));
    for (const [method, path, json] of [
      ['GET', `/api/v1/content/frameworks/${fw.id}`, undefined],
      ['PUT', `/api/v1/content/frameworks/${fw.id}/draft`, { revision: 1, document: fw.draft }],
      ['POST', `/api/v1/content/frameworks/${fw.id}/publish`, { revision: 1, releaseNotes: 'x' }],
      ['GET', `/api/v1/content/frameworks/${fw.id}/export`, undefined],
      ['DELETE', `/api/v1/content/frameworks/${fw.id}`, undefined],
      ['GET', `/api/v1/library/frameworks/${fw.id}`, undefined],
    ] as const) {
      const res = await other.client.request(path, { method, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.database.db.select().from(frameworks).where(eq(frameworks.id, fw.id));
    expect(row?.draftRevision).toBe(1);
    expect(row?.latestVersion).toBeNull();
  });
});

describe('playbooks and articles', () => {
  it('create, save with revision (409 when stale), publish, and the library shows only published ones', async () => {
    const pb = await ok<Playbook>(
      owner.client.post('/api/v1/content/playbooks', {
        scope: 'private',
        key: 'mfa',
        title: 'Roll out MFA',
      }),
      201,
    );
    expect(pb.status).toBe('draft');
    const steps = [
      {
        title: 'Inventory accounts',
        body: 'List **every** account.',
        effort: 'S',
        ownerRole: 'IT admin',
      },
      { title: 'Enforce', body: '', effort: 'M', ownerRole: '' },
    ];
    const saved = await ok<Playbook>(
      put(owner.client, `/api/v1/content/playbooks/${pb.id}`, {
        revision: 1,
        title: 'Roll out MFA',
        summary: 'Turn it on',
        priority: 'high',
        tags: ['Identity'],
        steps,
      }),
    );
    expect(saved.revision).toBe(2);
    expect(saved.tags).toEqual(['identity']);
    const stale = await put(owner.client, `/api/v1/content/playbooks/${pb.id}`, {
      revision: 1,
      title: 'Mine',
      steps: [],
    });
    expect(stale.status).toBe(409);
    expect(
      ((await stale.json()) as { error: { details: { current: Playbook } } }).error.details.current
        .steps,
    ).toHaveLength(2);

    let lib = await ok<PlaybookList>(member.client.get('/api/v1/library/playbooks?q=inventory'));
    expect(lib.items.find((i) => i.id === pb.id)).toBeUndefined();
    await ok(owner.client.post(`/api/v1/content/playbooks/${pb.id}/publish`, { revision: 2 }));
    lib = await ok<PlaybookList>(member.client.get('/api/v1/library/playbooks?q=inventory'));
    expect(lib.items.map((i) => i.id)).toContain(pb.id);
    const otherLib = await ok<PlaybookList>(
      other.client.get('/api/v1/library/playbooks?q=inventory'),
    );
    expect(otherLib.items.map((i) => i.id)).not.toContain(pb.id);
    expect((await other.client.get(`/api/v1/library/playbooks/${pb.id}`)).status).toBe(404);

    // Linked from a framework: deleting it is refused.
    const doc = sampleDoc('uses-mfa');
    (doc.sections[0]!.questions[0] as { playbooks?: string[] }).playbooks = ['mfa'];
    await importFramework(owner.client, 'private', doc);
    const del = await owner.client.request(`/api/v1/content/playbooks/${pb.id}`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(409);
  });

  it('articles: a member cannot write; markdown is kept as written', async () => {
    const res = await member.client.post('/api/v1/content/articles', {
      scope: 'private',
      key: 'x',
      title: 'X',
    });
    expect(res.status).toBe(403);
    const a = await ok<Article>(
      owner.client.post('/api/v1/content/articles', {
        scope: 'private',
        key: 'hello',
        title: 'Hello',
      }),
      201,
    );
    const body = '# Hi\n\n<script>alert(1)</script>\n\n![pic](/api/v1/media/x)';
    const saved = await ok<Article>(
      put(owner.client, `/api/v1/content/articles/${a.id}`, { revision: 1, title: 'Hello', body }),
    );
    expect(saved.body).toBe(body);
  });
});

describe('the shipped library', () => {
  it('holds NIST CSF 2.0 in full and loads once; a member finds “GV.OC” in the library', async () => {
    const lib = await readLibrary();
    const nist = lib.frameworks.find((f) => f.key === 'nist-csf-2.0');
    expect(nist).toBeDefined();
    expect(nist!.sections).toHaveLength(6);
    expect(nist!.sections.flatMap((s) => s.sections)).toHaveLength(22);
    expect(nist!.sections.flatMap((s) => s.sections).flatMap((c) => c.questions)).toHaveLength(106);
    const first = await loadLibrary(t.database.db, lib);
    expect(first.frameworks).toBe(lib.frameworks.length);
    const second = await loadLibrary(t.database.db, lib);
    expect(second).toEqual({ frameworks: 0, playbooks: 0, articles: 0, translated: 0 });

    const found = await ok<LibraryFrameworkList>(
      member.client.get('/api/v1/library/frameworks?q=GV.OC'),
    );
    const hit = found.items.find((f) => f.key === 'nist-csf-2.0');
    expect(hit?.matches.map((m) => m.key)).toContain('GV.OC-01');
    const detail = await ok<LibraryFrameworkDetail>(
      member.client.get(`/api/v1/library/frameworks/${hit!.id}`),
    );
    expect(detail.version).toBe(1);
    expect(detail.playbooks.length).toBeGreaterThan(0);
  });
});

describe('images of content', () => {
  async function upload(client: TestClient, scope: 'global' | 'private') {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('scope', scope);
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
    return client.request('/api/v1/content/media', { method: 'POST', body: form });
  }

  it('are re-encoded; private ones reach only the account, global ones every account', async () => {
    const mine = await ok<{ id: string; url: string; contentType: string }>(
      upload(owner.client, 'private'),
      201,
    );
    expect(mine.contentType).toBe('image/webp');
    expect((await member.client.get(mine.url)).status).toBe(200);
    expect((await other.client.get(mine.url)).status).toBe(404);
    expect((await upload(member.client, 'private')).status).toBe(403);
    expect((await upload(owner.client, 'global')).status).toBe(403);
    const global = await ok<{ url: string }>(upload(admin.client, 'global'), 201);
    expect((await other.client.get(global.url)).status).toBe(200);
    const list = await ok<{ items: Array<{ id: string }> }>(
      owner.client.get('/api/v1/content/media?scope=private'),
    );
    expect(list.items.map((i) => i.id)).toContain(mine.id);
    // Another account cannot delete it; the owner can.
    expect(
      (
        await other.client.request(`/api/v1/content/media/${mine.id}?scope=private`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.client.request(`/api/v1/content/media/${mine.id}?scope=private`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expect((await member.client.get(mine.url)).status).toBe(404);
  });
  it('are taken as the raw image too, as the OpenAPI document says, with the scope in the query', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const raw = (client: TestClient, query = '') =>
      client.request(`/api/v1/content/media${query}`, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
    const mine = await ok<{ id: string; url: string; scope: string; contentType: string }>(
      raw(owner.client),
      201,
    );
    expect(mine).toMatchObject({ scope: 'private', contentType: 'image/webp' });
    expect((await member.client.get(mine.url)).status).toBe(200);
    expect((await other.client.get(mine.url)).status).toBe(404);
    const global = await ok<{ url: string; scope: string }>(
      raw(admin.client, '?scope=global'),
      201,
    );
    expect(global.scope).toBe('global');
    expect((await raw(owner.client, '?scope=global')).status).toBe(403);
    expect((await raw(member.client)).status).toBe(403);
    // The fields are checked in both forms.
    const badQuery = await raw(owner.client, '?scope=everyone');
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as { error: { fields: object } }).error.fields).toEqual({
      scope: 'must be "global" or "private"',
    });
    const form = new FormData();
    form.set('scope', 'everyone');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const badField = await owner.client.request('/api/v1/content/media', {
      method: 'POST',
      body: form,
    });
    expect(badField.status).toBe(400);
    expect(((await badField.json()) as { error: { fields: object } }).error.fields).toEqual({
      scope: 'must be "global" or "private"',
    });
    const notImage = await owner.client.request('/api/v1/content/media', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: 'not an image',
    });
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { error: { code: string } }).error.code).toBe(
      'media.not_an_image',
    );
  });
});
