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

  it('records the language the respondent chose on the page, and the e-mails follow it', async () => {
    const a = await start();
    const r = await ok<{ link: string; respondent: { id: string } }>(
      owner.client.post(`${base()}/${a.id}/respondents`, {
        name: 'Noor',
        email: 'noor@client.example',
        sendEmail: false,
      }),
      201,
    );
    const token = tokenOf(r.link);
    const locale = async () =>
      (
        await t.database.db
          .select({ locale: respondents.locale })
          .from(respondents)
          .where(eq(respondents.id, r.respondent.id))
      )[0]?.locale;
    // Opened with an English browser, then switched to Dutch.
    await ok(
      t.client().request('/api/v1/respond', {
        headers: { 'x-respondent-token': token, 'accept-language': 'en-GB' },
      }),
    );
    expect(await locale()).toBe('en');
    const put = (
      body: unknown,
      headers: Record<string, string> = { 'x-respondent-token': token },
    ) =>
      t.client().request('/api/v1/respond/locale', {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put({ locale: 'nl' })).status).toBe(204);
    expect(await locale()).toBe('nl');
    // Refused: an unknown language (400, the field named), a bad token (401); nothing changes.
    const bad = await put({ locale: 'it' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('locale');
    expect((await put({ locale: 'de' }, { 'x-respondent-token': 'x'.repeat(40) })).status).toBe(
      401,
    );
    expect(await locale()).toBe('nl');
    // The next e-mail (a resend: a new link) is in Dutch.
    await ok(owner.client.post(`${base()}/${a.id}/respondents/${r.respondent.id}/resend`, {}));
    expect((await t.mailTo('noor@client.example'))[0]?.subject).toContain(
      'vraagt om uw antwoorden',
    );
  });
});
