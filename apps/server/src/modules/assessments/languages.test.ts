import type { AssessmentDetail, RespondentSession } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondents } from '../../db/schema/assessments.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { ownerWithFramework } from '../../test/data.ts';
import { ok } from '../../test/http.ts';
import { signUpPerson, type Person } from '../../test/people.ts';

/**
 * An assessment's client-facing language (docs/languages.md): set and validated on the
 * assessment, handed to the respondent page, and the language of the e-mails its respondents
 * get; else the respondent's last known language; else English.
 */
let t: TestApp;
let owner: Person;
let stranger: Person;
let tenantId: string;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t));
  stranger = await signUpPerson(t, 'stranger-lang', 'Sam Stranger');
});
afterAll(async () => {
  await t?.close();
});

const base = () => `/api/v1/tenants/${tenantId}/assessments`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function start(body: Record<string, unknown> = {}) {
  return ok<AssessmentDetail>(
    owner.client.post(base(), { frameworkId, version: 1, name: 'Hygiene', ...body }),
    201,
  );
}

describe('an assessment’s language', () => {
  it('is set on start, changed in the details, cleared, and refused when unknown', async () => {
    const a = await start({ language: 'de' });
    expect(a.language).toBe('de');
    const changed = await ok<AssessmentDetail>(
      owner.client.request(`${base()}/${a.id}`, { method: 'PATCH', json: { language: 'nl' } }),
    );
    expect(changed.language).toBe('nl');
    const bad = await owner.client.request(`${base()}/${a.id}`, {
      method: 'PATCH',
      json: { language: 'it' },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(body.error.fields?.language).toMatch(/Choose one of the languages/);
    const cleared = await ok<AssessmentDetail>(
      owner.client.request(`${base()}/${a.id}`, { method: 'PATCH', json: { language: null } }),
    );
    expect(cleared.language).toBeNull();
    expect((await start()).language).toBeNull();
  });

  it('another account cannot change it (404, unchanged)', async () => {
    const a = await start({ language: 'fr' });
    const res = await stranger.client.request(`${base()}/${a.id}`, {
      method: 'PATCH',
      json: { language: 'es' },
    });
    expect(res.status).toBe(404);
    const still = await ok<AssessmentDetail>(owner.client.get(`${base()}/${a.id}`));
    expect(still.language).toBe('fr');
  });

  it('writes the invitation in the assessment’s language and hands it to the page', async () => {
    const a = await start({ language: 'de' });
    const { link } = await ok<{ link: string }>(
      owner.client.post(`${base()}/${a.id}/respondents`, {
        name: 'Jonas',
        email: 'jonas@client.example',
      }),
      201,
    );
    const [mail] = await t.mailTo('jonas@client.example');
    expect(mail?.subject).toContain('bittet um Ihre Antworten');
    expect(mail?.text).toContain('Guten Tag Jonas,');
    const session = await ok<RespondentSession>(
      t.client().request('/api/v1/respond', {
        headers: { 'x-respondent-token': tokenOf(link), 'accept-language': 'fr-FR,fr;q=0.9' },
      }),
    );
    expect(session.assessment.language).toBe('de');
    // What their browser asked for is kept: their e-mails' language when the assessment has none.
    const [row] = await t.database.db
      .select({ locale: respondents.locale })
      .from(respondents)
      .where(eq(respondents.email, 'jonas@client.example'));
    expect(row?.locale).toBe('fr');
  });

  it('without one, writes to a respondent in their last known language, else English', async () => {
    const a = await start();
    const first = await ok<{ link: string; respondent: { id: string } }>(
      owner.client.post(`${base()}/${a.id}/respondents`, {
        name: 'Lucía',
        email: 'lucia@client.example',
      }),
      201,
    );
    expect((await t.mailTo('lucia@client.example'))[0]?.subject).toMatch(
      / asks for your answers: Hygiene$/,
    );
    await ok(
      t.client().request('/api/v1/respond', {
        headers: { 'x-respondent-token': tokenOf(first.link), 'accept-language': 'es-ES' },
      }),
    );
    await ok(owner.client.post(`${base()}/${a.id}/respondents/${first.respondent.id}/resend`, {}));
    const [again] = await t.mailTo('lucia@client.example');
    expect(again?.subject).toContain('le pide sus respuestas');
  });
});
