import {
  AccountReminderSettingsSchema,
  AssessmentReminderSettingsSchema,
  RespondentLinkSchema,
  RespondentListSchema,
  RespondentRemindersSchema,
  SentReminderSchema,
  type Respondent,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { respondentLinks, respondentReminders } from '../../../db/schema/reminders.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/app.ts';
import { addTenant, auditActions, ownerWithFramework } from '../../../test/data.ts';
import { openSecondHandle } from '../../../test/db.ts';
import { ok } from '../../../test/http.ts';
import { addMember, errorCode, type Person } from '../../../test/people.ts';
import { sendRespondentReminders } from './reminders.run.ts';
import { addDays, dayOf } from './reminders.service.ts';

let t: TestApp;
let owner: Person;
let frameworkId: string;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, frameworkId } = await ownerWithFramework(t));
});
afterAll(async () => {
  await t?.close();
});

const TODAY = dayOf(new Date());
/** A day `n` days from today (real time: links expire by the real clock too). */
const day = (n: number) => addDays(TODAY, n);
const at = (n: number, hour = 8) => new Date(`${day(n)}T${String(hour).padStart(2, '0')}:00:00Z`);
const run = (now: Date, db: Database = t.database.db) =>
  sendRespondentReminders(db, t.deps.mailer, TEST_PUBLIC_URL, now);
const respond = (token: string) => ({ 'x-respondent-token': token });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** The link after `label: ` in an e-mail's text. */
const linkIn = (text: string, label: string) =>
  new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? '';

let counter = 0;
/** A client tenant with an assessment due `due` days from today. */
async function assessment(due: number | null, name = 'Quarterly review') {
  const tenantId = await addTenant(t, owner.tid, `Client ${++counter}`);
  const base = `/api/v1/tenants/${tenantId}/assessments`;
  const a = await ok<{ id: string }>(
    owner.client.post(base, {
      frameworkId,
      version: 1,
      name,
      dueDate: due === null ? null : day(due),
      ownerId: owner.uid,
    }),
    201,
  );
  const path = `${base}/${a.id}`;
  return {
    id: a.id,
    tenantId,
    path,
    async add(who: string, opts: { sendEmail?: boolean } = {}) {
      const added = RespondentLinkSchema.parse(
        await ok(
          owner.client.post(`${path}/respondents`, {
            name: who,
            email: `${who.toLowerCase()}-${counter}@example.com`,
            expiresAt: `${day(40)}T00:00:00.000Z`,
            ...opts,
          }),
          201,
        ),
      );
      return { ...added.respondent, token: tokenOf(added.link) };
    },
    async list(): Promise<Respondent[]> {
      return RespondentListSchema.parse(await ok(owner.client.get(`${path}/respondents`))).items;
    },
  };
}

/** The reminder e-mails (not the invitation) to `email`, newest first. */
async function reminders(email: string) {
  return (await t.mailTo(email)).filter((m) => !/asks for your answers/.test(m.subject));
}

describe('the schedule', () => {
  it('reminds before the due date, calls last on it, nudges after silence, never twice a day', async () => {
    const a = await assessment(10);
    const alice = await a.add('Alice');
    const bob = await a.add('Bob');
    const carol = await a.add('Carol');
    const dave = await a.add('Dave');
    // Bob submits, Carol stops reminders, Dave's link is revoked.
    await ok(t.client().post('/api/v1/respond/submit', {}, { headers: respond(bob.token) }));
    await ok(
      t.client().request('/api/v1/respond/reminders', {
        method: 'PUT',
        json: { stopped: true },
        headers: respond(carol.token),
      }),
    );
    await ok(owner.client.post(`${a.path}/respondents/${dave.id}/revoke`, {}));

    // Before the hour of sending, nothing; the first days, nothing (invited today).
    await run(at(0, 5));
    await run(at(1));
    expect(await reminders(alice.email)).toHaveLength(0);

    // Three days before the due date: the reminder, and the owner's summary.
    await run(at(7));
    const [reminder, ...more] = await reminders(alice.email);
    expect(more).toHaveLength(0);
    expect(reminder?.subject).toMatch(/^Reminder: “Quarterly review” is due on /);
    const summaries = async () =>
      (await t.mailTo(owner.email)).filter(
        (m) =>
          /not answered: “Quarterly review”/.test(m.subject) &&
          m.text.includes(`Client ${counter}`),
      );
    const [summary] = await summaries();
    expect(summary?.subject).toBe('2 respondents have not answered: “Quarterly review”');
    expect(summary?.text).toContain('Alice (alice-');
    expect(summary?.text).toContain('Carol (carol-');
    expect(summary?.text).toContain('stopped reminders');
    expect(summary?.text).not.toContain('Bob');
    expect(summary?.text).not.toContain('Dave');

    // The reminder's link works (a fresh token), and so does the invitation's.
    const link = linkIn(reminder!.text, 'Answer the questions');
    expect(link).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/in-progress/${owner.tid}/${a.tenantId}\\?token=rsp_`),
    );
    expect(tokenOf(link)).not.toBe(alice.token);
    await ok(t.client().get('/api/v1/respond', { headers: respond(tokenOf(link)) }));
    await ok(t.client().get('/api/v1/respond', { headers: respond(alice.token) }));
    // Only its hash is kept.
    const keys = await t.database.db
      .select()
      .from(respondentLinks)
      .where(eq(respondentLinks.respondentId, alice.id));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.tokenHash).not.toContain(tokenOf(link));

    // Again the same day (this process or another): nothing more. The day after: nothing.
    expect(await run(at(7, 15))).toEqual({ respondents: 0, owners: 0 });
    await run(at(8));
    expect(await reminders(alice.email)).toHaveLength(1);
    expect(await summaries()).toHaveLength(1);

    // The due date: the last call, and the owner's summary again.
    await run(at(10));
    const [lastCall] = await reminders(alice.email);
    expect(lastCall?.subject).toBe('Last call: “Quarterly review” is due today');
    expect(await summaries()).toHaveLength(2);
    await run(at(10, 20));
    expect(await reminders(alice.email)).toHaveLength(2);

    // Seven days without an answer after the last e-mail: a nudge. An answer resets the count.
    await run(at(16));
    expect(await reminders(alice.email)).toHaveLength(2);
    await run(at(17));
    const [nudge] = await reminders(alice.email);
    expect(nudge?.subject).toBe('Your answers are still needed: “Quarterly review”');
    expect(nudge?.text).toContain('It was due on');

    // Submitted, stopped and revoked respondents got nothing but their invitation.
    for (const r of [bob, carol, dave]) expect(await reminders(r.email)).toHaveLength(0);

    // The assessor sees who was reminded, and when.
    const list = await a.list();
    const seen = list.find((r) => r.id === alice.id)!;
    expect(seen.reminders.map((m) => [m.kind, m.day])).toEqual([
      ['nudge', day(17)],
      ['last_call', day(10)],
      ['reminder', day(7)],
      ['invitation', TODAY],
    ]);
    expect(list.find((r) => r.id === carol.id)!.remindersStoppedAt).not.toBeNull();
  });

  it('sends nothing for an assessment with reminders off, or without a due date but nudges', async () => {
    const off = await assessment(5);
    const quiet = await off.add('Quinn');
    await ok(
      owner.client.request(`${off.path}/reminder-settings`, {
        method: 'PUT',
        json: { overrides: { enabled: false } },
      }),
    );
    const undated = await assessment(null);
    const una = await undated.add('Una');
    for (const n of [2, 3, 4, 5, 7, 8]) await run(at(n));
    expect(await reminders(quiet.email)).toHaveLength(0);
    const [nudge, ...rest] = await reminders(una.email);
    expect(rest).toHaveLength(0);
    expect(nudge?.subject).toMatch(/^Your answers are still needed/);
  });

  it('two server processes running the same run send once', async () => {
    const a = await assessment(10);
    const people = await Promise.all(['Pat', 'Pia', 'Pol'].map((n) => a.add(n)));
    const second = await openSecondHandle(t.database);
    try {
      const now = at(7);
      const results = await Promise.all([run(now), run(now, second?.db ?? t.database.db)]);
      for (const p of people) expect(await reminders(p.email)).toHaveLength(1);
      expect(results[0].respondents + results[1].respondents).toBeGreaterThanOrEqual(3);
      const rows = await t.database.db
        .select()
        .from(respondentReminders)
        .where(
          and(eq(respondentReminders.assessmentId, a.id), eq(respondentReminders.day, day(7))),
        );
      expect(rows).toHaveLength(3);
    } finally {
      await second?.close();
    }
  });
});

describe('send reminder now', () => {
  it('sends one a day with a working link; 409 with when the next may go; a retry replays', async () => {
    const a = await assessment(20);
    const rose = await a.add('Rose', { sendEmail: false });
    const remind = (key?: string) =>
      owner.client.post(
        `${a.path}/respondents/${rose.id}/remind`,
        key ? { idempotencyKey: key } : {},
      );
    const sent = SentReminderSchema.parse(await ok(remind('key-one-12345')));
    expect(sent.replayed).toBe(false);
    expect(sent.respondent.reminders).toMatchObject([
      { kind: 'manual', day: TODAY, sentBy: 'Olivia Owner' },
    ]);
    const [mail] = await reminders(rose.email);
    expect(mail?.subject).toBe('Olivia Owner reminds you: “Quarterly review”');
    await ok(
      t.client().get('/api/v1/respond', {
        headers: respond(tokenOf(linkIn(mail!.text, 'Answer the questions'))),
      }),
    );
    // The retry of the same click: the same answer, nothing sent.
    const replay = SentReminderSchema.parse(await ok(remind('key-one-12345')));
    expect(replay.replayed).toBe(true);
    // Another one today: refused, saying when.
    const again = await remind('key-two-12345');
    expect([again.status, await errorCode(again.clone())]).toEqual([
      409,
      'assessments.reminder_already_sent',
    ]);
    const body = (await again.json()) as { error: { details: { nextAt: string } } };
    expect(body.error.details.nextAt).toBe(`${day(1)}T00:00:00.000Z`);
    expect(await reminders(rose.email)).toHaveLength(1);
    expect(await auditActions(t, owner.tid, { targetId: a.id })).toContain(
      'assessments.respondent_reminded',
    );
    // The schedule respects it: nothing more today.
    await run(
      new Date(Date.now() + 60_000 > at(0, 23).getTime() ? Date.now() : at(0, 23).getTime()),
    );
    expect(await reminders(rose.email)).toHaveLength(1);
  });

  it('refuses a respondent who stopped reminders, submitted or was revoked', async () => {
    const a = await assessment(20);
    const [sam, sue, syd] = await Promise.all(
      ['Sam', 'Sue', 'Syd'].map((n) => a.add(n, { sendEmail: false })),
    );
    await ok(
      t.client().request('/api/v1/respond/reminders', {
        method: 'PUT',
        json: { stopped: true },
        headers: respond(sam!.token),
      }),
    );
    await ok(t.client().post('/api/v1/respond/submit', {}, { headers: respond(sue!.token) }));
    await ok(owner.client.post(`${a.path}/respondents/${syd!.id}/revoke`, {}));
    const codes = [];
    for (const r of [sam!, sue!, syd!]) {
      const res = await owner.client.post(`${a.path}/respondents/${r.id}/remind`, {});
      codes.push([res.status, await errorCode(res)]);
    }
    expect(codes).toEqual([
      [409, 'assessments.reminders_stopped'],
      [409, 'assessments.respondent_not_pending'],
      [409, 'assessments.respondent_not_pending'],
    ]);
    // Another account's respondent: 404.
    const res = await owner.client.post(`${a.path}/respondents/nobody/remind`, {});
    expect(res.status).toBe(404);
  });
});

describe('stopping reminders', () => {
  it('stops only the respondent of the token, idempotently, seen by the assessor, and can resume', async () => {
    const a = await assessment(4);
    const tia = await a.add('Tia');
    const tom = await a.add('Tom');
    // The invitation carries the page to stop reminders, with Tia's link's token.
    const [invitation] = await t.mailTo(tia.email);
    const stop = linkIn(invitation!.text, 'Stop reminders for this assessment');
    expect(stop).toBe(
      `${TEST_PUBLIC_URL}/in-progress/${owner.tid}/${a.tenantId}/reminders?token=${encodeURIComponent(tia.token)}`,
    );
    const h = respond(tokenOf(stop));
    const read = RespondentRemindersSchema.parse(
      await ok(t.client().get('/api/v1/respond/reminders', { headers: h })),
    );
    expect(read).toMatchObject({
      respondentName: 'Tia',
      assessmentName: 'Quarterly review',
      dueDate: day(4),
      stoppedAt: null,
    });
    const put = (stopped: boolean) =>
      ok(
        t
          .client()
          .request('/api/v1/respond/reminders', { method: 'PUT', json: { stopped }, headers: h }),
      );
    const first = RespondentRemindersSchema.parse(await put(true));
    const second = RespondentRemindersSchema.parse(await put(true));
    expect(first.stoppedAt).not.toBeNull();
    expect(second.stoppedAt).toBe(first.stoppedAt);
    const list = await a.list();
    expect(list.find((r) => r.id === tia.id)!.remindersStoppedAt).toBe(first.stoppedAt);
    expect(list.find((r) => r.id === tom.id)!.remindersStoppedAt).toBeNull();
    await run(at(1));
    expect(await reminders(tia.email)).toHaveLength(0);
    expect(await reminders(tom.email)).toHaveLength(1);
    // A wrong or missing token: 401, nothing changed.
    const refused = await t.client().request('/api/v1/respond/reminders', {
      method: 'PUT',
      json: { stopped: false },
      headers: respond(`rsp_${'x'.repeat(40)}`),
    });
    expect([refused.status, await errorCode(refused)]).toEqual([401, 'respondent.link_invalid']);
    // Resumed: reminders go again.
    expect(RespondentRemindersSchema.parse(await put(false)).stoppedAt).toBeNull();
    await run(at(2));
    expect(await reminders(tia.email)).toHaveLength(1);
    const actions = await auditActions(t, owner.tid, { targetId: a.id });
    expect(actions).toContain('assessments.respondent_reminders_stopped');
    expect(actions).toContain('assessments.respondent_reminders_resumed');
  });

  it('a new link (resend) ends the links reminders carried', async () => {
    const a = await assessment(2);
    const uma = await a.add('Uma');
    await run(at(0, 23)); // invited today: nothing
    await run(at(1)); // due tomorrow, invited within the reminder days: no reminder, no nudge
    expect(await reminders(uma.email)).toHaveLength(0);
    await run(at(2));
    const [lastCall] = await reminders(uma.email);
    const token = tokenOf(linkIn(lastCall!.text, 'Answer the questions'));
    await ok(t.client().get('/api/v1/respond', { headers: respond(token) }));
    await ok(owner.client.post(`${a.path}/respondents/${uma.id}/resend`, { sendEmail: false }));
    const gone = await t.client().get('/api/v1/respond', { headers: respond(token) });
    expect([gone.status, await errorCode(gone)]).toEqual([401, 'respondent.link_invalid']);
  });
});

describe('settings', () => {
  it('account defaults: read, validated, saved with a version, audited; owners and admins only', async () => {
    const path = '/api/v1/account/reminder-settings';
    const first = AccountReminderSettingsSchema.parse(await ok(owner.client.get(path)));
    expect(first).toMatchObject({
      version: 0,
      settings: {
        enabled: true,
        beforeDueDays: 3,
        nudgeAfterDays: 7,
        lastCall: true,
        ownerSummary: true,
      },
    });
    const put = (json: unknown, client = owner.client) =>
      client.request(path, { method: 'PUT', json });
    const bad = await put({ ...first.settings, beforeDueDays: 0, nudgeAfterDays: 61 });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error
      .fields;
    expect(Object.keys(fields).sort()).toEqual(['beforeDueDays', 'nudgeAfterDays']);
    const saved = AccountReminderSettingsSchema.parse(
      await ok(put({ ...first.settings, beforeDueDays: 5, nudgeAfterDays: null, version: 0 })),
    );
    expect(saved).toMatchObject({
      version: 1,
      settings: { beforeDueDays: 5, nudgeAfterDays: null },
    });
    // Saved over by someone else: 409 with what it is now.
    const stale = await put({ ...first.settings, version: 0 });
    expect([stale.status, await errorCode(stale.clone())]).toEqual([409, 'common.conflict']);
    const current = ((await stale.json()) as { error: { details: { current: unknown } } }).error
      .details.current;
    expect(current).toMatchObject({ version: 1, settings: { beforeDueDays: 5 } });
    const member = await addMember(t, owner, 'member', 'reminder-member');
    expect((await put(first.settings, member.client)).status).toBe(403);
    expect((await member.client.get(path)).status).toBe(200);
    expect(await auditActions(t, owner.tid, { prefix: 'account.reminder' })).toEqual([
      'account.reminder_settings_changed',
    ]);
    // Back to the defaults for the other tests.
    await ok(put({ ...first.settings }));
  });

  it('assessment overrides follow the account where left out; null turns one off', async () => {
    const a = await assessment(9);
    const path = `${a.path}/reminder-settings`;
    const read = AssessmentReminderSettingsSchema.parse(await ok(owner.client.get(path)));
    expect(read).toMatchObject({ version: 0, overrides: {}, effective: { beforeDueDays: 3 } });
    const saved = AssessmentReminderSettingsSchema.parse(
      await ok(
        owner.client.request(path, {
          method: 'PUT',
          json: {
            overrides: { beforeDueDays: 6, lastCall: false, nudgeAfterDays: null },
            version: 0,
          },
        }),
      ),
    );
    expect(saved).toMatchObject({
      version: 1,
      overrides: { beforeDueDays: 6, lastCall: false, nudgeAfterDays: null },
      effective: { enabled: true, beforeDueDays: 6, lastCall: false, nudgeAfterDays: null },
    });
    const unknownKey = await owner.client.request(path, {
      method: 'PUT',
      json: { overrides: { sometimes: true } },
    });
    expect(unknownKey.status).toBe(400);
    const outOfRange = await owner.client.request(path, {
      method: 'PUT',
      json: { overrides: { nudgeAfterDays: 0.5 } },
    });
    expect(outOfRange.status).toBe(400);
    expect(await auditActions(t, owner.tid, { targetId: a.id })).toContain(
      'assessments.reminder_settings_changed',
    );
    // The schedule follows them: the reminder 6 days before, no last call.
    const vic = await a.add('Vic');
    await run(at(3));
    const [mail] = await reminders(vic.email);
    expect(mail?.subject).toMatch(/^Reminder:/);
    await run(at(9));
    expect(await reminders(vic.email)).toHaveLength(1);
  });
});
