import {
  frameworkLanguages,
  listQuestions,
  localizeFramework,
  missingTranslations,
  scoreDocument,
  TRANSLATION_LOCALES,
  withoutTranslations,
  type AssessmentDetail,
  type FrameworkDetail,
  type FrameworkDocument,
  type Question,
  type RespondentSession,
  type ScoredAnswer,
} from '@tenantry/shared';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworks } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { addTenant } from '../../test/data.ts';
import { publishPrivateFramework } from '../../test/frameworks.ts';
import { ok } from '../../test/http.ts';
import { makeSystemAdmin, signUpPerson, type Person } from '../../test/people.ts';
import { LIBRARY_DIR, loadLibrary, readLibrary, type LibraryFiles } from './library.seed.ts';

/**
 * Frameworks in several languages (docs/languages.md): the file format carries translations,
 * the import reports missing ones as warnings, a file round-trips byte for byte, the shipped
 * MSP hygiene check is complete in every language, the respondent gets the texts of their
 * language and the score never depends on it.
 */
let t: TestApp;
let admin: Person;
let owner: Person;
let other: Person;
let lib: LibraryFiles;
let msp: FrameworkDocument;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin-tr');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'owner-tr', 'Olivia Owner');
  other = await signUpPerson(t, 'other-tr');
  lib = await readLibrary();
  msp = lib.frameworks.find((f) => f.key === 'msp-essentials')!;
});
afterAll(async () => {
  await t?.close();
});

/** A canonical framework file (every field, defaults written) with some translations. */
function translatedFile(key: string) {
  return {
    format: 'tenantry.framework/1',
    key,
    name: 'Remote work check',
    summary: 'Short.',
    description: '',
    tags: [],
    source: { publisher: '', url: '', license: '' },
    translations: {
      de: { name: 'Check Fernarbeit', summary: 'Kurz.' },
      fr: { name: 'Télétravail' },
    },
    sections: [
      {
        key: 'A',
        title: 'Access',
        description: 'How people get in.',
        guidance: '',
        weight: 1,
        tags: [],
        target: 0.8,
        translations: { de: { title: 'Zugang', description: 'Wie man hineinkommt.' } },
        questions: [
          {
            key: 'A-1',
            title: 'How is remote access protected?',
            description: '',
            guidance: '- Check the VPN',
            weight: 2,
            tags: ['ig1'],
            naAllowed: false,
            playbooks: [],
            type: 'single_choice',
            options: [
              { key: 'pw', label: 'Password only', score: 0 },
              { key: 'mfa', label: 'With MFA', score: 1 },
            ],
            translations: {
              de: {
                title: 'Wie ist der Fernzugriff geschützt?',
                guidance: '- VPN prüfen',
                options: { pw: 'Nur Passwort', mfa: 'Mit MFA' },
              },
              fr: {
                title: 'Comment l’accès distant est-il protégé\u00a0?',
                options: { mfa: 'Avec MFA' },
              },
            },
          },
          {
            key: 'A-2',
            title: 'How mature is access review?',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            naAllowed: false,
            playbooks: [],
            type: 'maturity',
            levels: ['L0', 'L1', 'L2', 'L3', 'L4', 'L5'],
            translations: { de: { levels: ['S0', 'S1', 'S2', 'S3', 'S4', 'S5'] } },
          },
          {
            key: 'A-3',
            title: 'How many devices are unmanaged?',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            naAllowed: true,
            playbooks: [],
            type: 'number',
            unit: 'devices',
            bands: [
              { min: 0, score: 1 },
              { min: 1, score: 0 },
            ],
          },
        ],
        sections: [],
      },
    ],
  };
}

const importFile = (client: Person['client'], document: unknown) =>
  client.post('/api/v1/content/frameworks/import', { scope: 'private', document });

describe('a framework file with translations', () => {
  it('imports with the missing translations as warnings, per language and key', async () => {
    const fw = await ok<FrameworkDetail>(importFile(owner.client, translatedFile('remote')), 201);
    const de = fw.translations.find((r) => r.locale === 'de')!;
    expect(de.items).toEqual([
      { key: 'A-2', fields: ['title'] },
      { key: 'A-3', fields: ['title', 'unit'] },
    ]);
    expect(de.count).toBe(3);
    const fr = fw.translations.find((r) => r.locale === 'fr')!;
    expect(fr.items).toEqual([
      { key: '@framework', fields: ['summary'] },
      { key: 'A', fields: ['title', 'description'] },
      { key: 'A-1', fields: ['guidance', 'options.pw'] },
      { key: 'A-2', fields: ['title', 'levels'] },
      { key: 'A-3', fields: ['title', 'unit'] },
    ]);
    // Spanish and Dutch are not the framework's languages: nothing reported for them.
    expect(fw.translations.map((r) => r.locale)).toEqual(['de', 'fr']);
    // A framework in English only has nothing to report.
    const plain = withoutTranslations(translatedFile('remote-en') as FrameworkDocument);
    const en = await ok<FrameworkDetail>(importFile(owner.client, plain), 201);
    expect(en.translations).toEqual([]);
  });

  it('refuses, by path, what cannot be a translation', async () => {
    const bad = translatedFile('remote-bad') as Record<string, unknown>;
    bad.translations = { en: { name: 'English is the base' }, it: { name: 'Italiano' } };
    const s = (bad.sections as Array<Record<string, unknown>>)[0]!;
    s.translations = { de: { title: 'Zugang', weight: 3 } };
    const q = (s.questions as Array<Record<string, unknown>>)[0]!;
    q.translations = { de: { title: '', options: { pw: 'Nur Passwort', gone: 'Weg' } } };
    const q2 = (s.questions as Array<Record<string, unknown>>)[1]!;
    q2.translations = { de: { levels: ['S0'], options: { a: 'x' } } };
    const res = await importFile(owner.client, bad);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('content.invalid_document');
    expect(body.error.fields).toMatchObject({
      translations: expect.stringMatching(/"en", "it": the languages are de, fr, es, nl/),
      'sections[0].translations.de': expect.stringMatching(/cannot be translated: weight/),
      'sections[0].questions[0].translations.de.title': expect.stringMatching(/must not be empty/),
      'sections[0].questions[1].translations.de': expect.stringMatching(
        /cannot be translated: options/,
      ),
      'sections[0].questions[1].translations.de.levels': expect.stringMatching(/exactly 6/),
    });
    // An unknown option is named once the fields are well-formed.
    const unknownOption = translatedFile('remote-bad');
    unknownOption.sections[0]!.questions[0]!.translations!.de!.options = {
      pw: 'Nur Passwort',
      gone: 'Weg',
    } as never;
    const res2 = await importFile(owner.client, unknownOption);
    const body2 = (await res2.json()) as { error: { fields: Record<string, string> } };
    expect(body2.error.fields).toEqual({
      'sections[0].questions[0].translations.de.options.gone': 'the question has no option "gone"',
    });
  });

  it('round-trips byte for byte: the export of an imported file is the file', async () => {
    const file = JSON.stringify(translatedFile('remote-rt'));
    const fw = await ok<FrameworkDetail>(importFile(owner.client, JSON.parse(file)), 201);
    const draft = await owner.client.get(
      `/api/v1/content/frameworks/${fw.id}/export?version=draft`,
    );
    expect(await draft.text()).toBe(file);
    await ok(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: fw.draftRevision,
        releaseNotes: 'With translations',
      }),
    );
    const v1 = await (
      await owner.client.get(`/api/v1/content/frameworks/${fw.id}/export?version=1`)
    ).text();
    expect(v1).toBe(file);
    // Imported elsewhere, the same bytes again.
    const again = await ok<FrameworkDetail>(importFile(other.client, JSON.parse(v1)), 201);
    const v1b = await (
      await other.client.get(`/api/v1/content/frameworks/${again.id}/export?version=draft`)
    ).text();
    expect(v1b).toBe(file);
  });

  it('a change of translations only is a change to publish, shown in the diff, never affecting answers', async () => {
    const file = translatedFile('remote-diff');
    const fw = await ok<FrameworkDetail>(importFile(owner.client, file), 201);
    await ok(
      owner.client.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
        revision: fw.draftRevision,
        releaseNotes: 'First',
      }),
    );
    file.sections[0]!.questions[0]!.translations!.de!.title = 'Wie wird der Fernzugriff geschützt?';
    const saved = await ok<FrameworkDetail>(
      owner.client.request(`/api/v1/content/frameworks/${fw.id}/draft`, {
        method: 'PUT',
        json: { revision: fw.draftRevision, document: file },
      }),
    );
    expect(saved.hasDraftChanges).toBe(true);
    const diff = await ok<{
      changed: Array<{ key: string; fields: string[]; affectsAnswers: boolean }>;
    }>(owner.client.get(`/api/v1/content/frameworks/${fw.id}/diff?from=1&to=draft`));
    expect(diff.changed).toEqual([
      expect.objectContaining({ key: 'A-1', fields: ['translations'], affectsAnswers: false }),
    ]);
  });
});

describe('the shipped MSP hygiene check', () => {
  it('has every text in German, French, Spanish and Dutch', () => {
    expect(frameworkLanguages(msp)).toEqual([...TRANSLATION_LOCALES]);
    for (const report of missingTranslations(msp, TRANSLATION_LOCALES)) {
      expect(report, report.locale).toEqual({ locale: report.locale, count: 0, items: [] });
    }
    // Each translated text differs from the English one where the English is a sentence.
    for (const locale of TRANSLATION_LOCALES) {
      const local = localizeFramework(msp, locale);
      expect(local.name).not.toBe(msp.name);
      const en = listQuestions(msp);
      listQuestions(local).forEach(({ question }, i) => {
        expect(question.title, `${locale} ${question.key}`).not.toBe(en[i]!.question.title);
      });
    }
  });

  it('is the shipped file byte for byte when exported, after loading', async () => {
    await loadLibrary(t.database.db, lib);
    const [row] = await t.database.db
      .select({ id: frameworks.id })
      .from(frameworks)
      .where(and(eq(frameworks.key, 'msp-essentials'), isNull(frameworks.accountId)));
    const exported = await (
      await admin.client.get(`/api/v1/content/frameworks/${row!.id}/export?version=1`)
    ).text();
    const file = await readFile(join(LIBRARY_DIR, 'frameworks/msp-essentials.json'), 'utf8');
    expect(exported).toBe(JSON.stringify(JSON.parse(file)));
  });

  it('reaches an install that loaded it in English only: the next version, unless edited', async () => {
    const t2 = await setupTestApp();
    try {
      const english = { ...lib, frameworks: lib.frameworks.map(withoutTranslations) };
      await loadLibrary(t2.database.db, english);
      const again = await loadLibrary(t2.database.db, lib);
      expect(again).toEqual({ frameworks: 0, playbooks: 0, articles: 0, translated: 1 });
      const [row] = await t2.database.db
        .select()
        .from(frameworks)
        .where(and(eq(frameworks.key, 'msp-essentials'), isNull(frameworks.accountId)));
      expect(row!.latestVersion).toBe(2);
      expect(row!.draft).toEqual(msp);
      expect(row!.publishedRevision).toBe(row!.draftRevision);
      expect(await loadLibrary(t2.database.db, lib)).toMatchObject({ translated: 0 });

      // A framework whose English texts an admin changed is left alone.
      const nist = lib.frameworks.find((f) => f.key === 'nist-csf-2.0')!;
      const edited = { ...nist, summary: `${nist.summary} (edited)` };
      const translatedNist = {
        ...nist,
        translations: { de: { name: 'NIST Cybersecurity Framework 2.0 (Deutsch)' } },
      };
      await t2.database.db
        .update(frameworks)
        .set({ draft: edited, draftRevision: 5 })
        .where(and(eq(frameworks.key, 'nist-csf-2.0'), isNull(frameworks.accountId)));
      const withNist = { ...lib, frameworks: [translatedNist] };
      expect(await loadLibrary(t2.database.db, withNist)).toMatchObject({ translated: 0 });
    } finally {
      await t2.close();
    }
  });
});

/** An answer for every question of the document, different per type. */
function answersFor(doc: FrameworkDocument): Array<{ key: string; value: unknown; q: Question }> {
  return listQuestions(doc).map(({ question: q }, i) => {
    switch (q.type) {
      case 'yes_no':
        return { key: q.key, value: ['yes', 'partial', 'no'][i % 3], q };
      case 'maturity':
        return { key: q.key, value: i % 6, q };
      case 'single_choice':
        return { key: q.key, value: q.options[i % q.options.length]!.key, q };
      case 'multiple_choice':
        return { key: q.key, value: q.options.slice(0, 2).map((o) => o.key), q };
      case 'number':
        return { key: q.key, value: q.bands[1]?.min ?? 0, q };
      default:
        return { key: q.key, value: 'Noted.', q };
    }
  });
}

describe('the respondent in their language', () => {
  it('gets the framework’s texts with their translations; the score is the same in every language', async () => {
    const tenantId = await addTenant(t, owner.tid, 'Contoso');
    const frameworkId = await publishPrivateFramework(owner.client, msp);
    const base = `/api/v1/tenants/${tenantId}/assessments`;
    const answers = answersFor(msp);

    // The same answers, given by a respondent whose page is in German, and by the team.
    const de = await ok<AssessmentDetail>(
      owner.client.post(base, { frameworkId, version: 1, name: 'German', language: 'de' }),
      201,
    );
    const { link } = await ok<{ link: string }>(
      owner.client.post(`${base}/${de.id}/respondents`, { name: 'Jonas', email: 'j@c.example' }),
      201,
    );
    const token = new URL(link).searchParams.get('token')!;
    const headers = { 'x-respondent-token': token, 'accept-language': 'de-DE' };
    const session = await ok<RespondentSession>(t.client().request('/api/v1/respond', { headers }));
    const mfa = listQuestions(session.document).find((x) => x.question.key === 'mfa-email')!;
    expect(mfa.question.translations?.de?.title).toBe(
      'Ist MFA für alle E-Mail- und Office-Konten verbindlich vorgeschrieben?',
    );
    const shown = localizeFramework(session.document, 'de');
    expect(shown.sections[0]!.title).toBe('Identitäten & Zugriff');
    const remote = listQuestions(shown).find((x) => x.question.key === 'mfa-remote')!.question;
    expect(remote.type === 'single_choice' && remote.options.map((o) => o.label)[1]).toBe(
      'VPN oder Gateway nur mit Passwort',
    );
    let seq = 0;
    for (const a of answers) {
      seq++;
      await ok(
        t.client().request(`/api/v1/respond/answers/${a.key}`, {
          method: 'PUT',
          headers,
          json: {
            value: a.value,
            idempotencyKey: `k-${seq}-abcdefgh`,
            seq,
            answeredAt: new Date().toISOString(),
          },
        }),
      );
    }
    const en = await ok<AssessmentDetail>(
      owner.client.post(base, { frameworkId, version: 1, name: 'English' }),
      201,
    );
    for (const a of answers) {
      await ok(
        owner.client.request(`${base}/${en.id}/answers/${a.key}`, {
          method: 'PUT',
          json: { value: a.value },
        }),
      );
    }
    const [p1, p2] = await Promise.all(
      [de.id, en.id].map((id) => ok<AssessmentDetail>(owner.client.get(`${base}/${id}`))),
    );
    expect(p1!.progress.score).not.toBeNull();
    expect(p1!.progress).toEqual(p2!.progress);

    // And scoring a localized document gives the same result in every language.
    const input: Record<string, ScoredAnswer> = Object.fromEntries(
      answers.map((a) => [a.key, { value: a.value as ScoredAnswer['value'], na: false }]),
    );
    const english = scoreDocument(msp, input);
    for (const locale of TRANSLATION_LOCALES) {
      expect(scoreDocument(localizeFramework(msp, locale), input)).toEqual(english);
    }
  });
});
