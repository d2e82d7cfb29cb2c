import { DashboardSchema } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceExpiryNotices, evidenceFiles } from '../../db/schema/index.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { addTenant } from '../../test/data.ts';
import { addEvidence } from '../../test/evidence-files.ts';
import { ok } from '../../test/http.ts';
import { addMember, signUpPerson, type Person } from '../../test/people.ts';
import { addDays } from './evidence-expiry.service.ts';
import { sendExpiryNotices } from './evidence-expiry.run.ts';

let t: TestApp;
let owner: Person;
let uploader: Person;
let tenantId: string;
let otherTenantId: string;

/** The controlled clock: 08:00 UTC on a fixed day. */
const DAY = '2031-03-10';
const at = (day: string, hour = 8) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const ids: Record<string, string> = {};

async function add(name: string, expiresOn: string | null, by: Person = owner, tid = tenantId) {
  const e = await addEvidence(t, {
    accountId: owner.tid,
    tenantId: tid,
    userId: by.uid,
    name,
    bytes: new TextEncoder().encode(name),
    effectiveOn: '2030-01-01',
    expiresOn,
  });
  ids[name] = e.evidenceId;
}

const run = (now: Date) => sendExpiryNotices(t.database.db, t.deps.mailer, TEST_PUBLIC_URL, now);
const mails = async (who: Person) =>
  (await t.mailTo(who.email)).filter((m) => /evidence file/.test(m.subject));

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner', 'Olivia Owner');
  await ok(
    owner.client.request('/api/v1/account', { method: 'PATCH', json: { name: 'Northwind' } }),
  );
  tenantId = await addTenant(t, owner.tid, 'Acme Manufacturing');
  otherTenantId = await addTenant(t, owner.tid, 'Globex');
  uploader = await addMember(t, owner, 'member', 'uploader');
  await add('Soon.pdf', addDays(DAY, 10));
  await add('Gone.pdf', addDays(DAY, -5));
  await add('Later.pdf', addDays(DAY, 60));
  await add('Forever.pdf', null);
  await add('Members file.pdf', addDays(DAY, 20), uploader);
  await add('Elsewhere.pdf', addDays(DAY, 3), owner, otherTenantId);
});
afterAll(async () => {
  await t?.close();
});

describe('expiry notices', () => {
  it('sends nothing before the hour', async () => {
    expect(await run(at(DAY, 6))).toBe(0);
    expect(await mails(owner)).toHaveLength(0);
  });

  it('tells the owner of every file expiring or expired, the uploader of theirs, once', async () => {
    expect(await run(at(DAY))).toBe(2);
    const [toOwner] = await mails(owner);
    expect(toOwner!.subject).toBe('4 evidence files expired or expiring soon (Northwind)');
    expect(toOwner!.text).toContain(
      `Gone.pdf (Acme Manufacturing): expired on ${addDays(DAY, -5)}`,
    );
    expect(toOwner!.text).toContain(
      `Soon.pdf (Acme Manufacturing): expires on ${addDays(DAY, 10)}`,
    );
    expect(toOwner!.text).toContain('Members file.pdf');
    expect(toOwner!.text).toContain('Elsewhere.pdf (Globex)');
    expect(toOwner!.text).not.toContain('Later.pdf');
    expect(toOwner!.text).not.toContain('Forever.pdf');
    const [toUploader] = await mails(uploader);
    expect(toUploader!.subject).toBe('1 evidence file expiring within 30 days (Northwind)');
    expect(toUploader!.text).toContain('Members file.pdf');
    expect(toUploader!.text).not.toContain('Soon.pdf');
    // Again the same day, and the next: nothing new.
    expect(await run(at(DAY, 9))).toBe(0);
    expect(await run(at(addDays(DAY, 1)))).toBe(0);
    expect(await mails(owner)).toHaveLength(1);
  });

  it('tells again when a file that was expiring has expired', async () => {
    const after = addDays(DAY, 11);
    expect(await run(at(after))).toBe(1);
    const [latest] = await mails(owner);
    expect(latest!.subject).toBe('2 evidence files expired (Northwind)');
    expect(latest!.text).toContain(`Soon.pdf (Acme Manufacturing): expired on ${addDays(DAY, 10)}`);
    expect(latest!.text).toContain('Elsewhere.pdf');
    expect(await mails(uploader)).toHaveLength(1);
  });

  it('sends once when two servers run at the same moment, and after a renewal anew', async () => {
    await t.database.db
      .update(evidenceFiles)
      .set({ expiresOn: addDays(DAY, 40) })
      .where(eq(evidenceFiles.id, ids['Gone.pdf']!));
    const now = at(addDays(DAY, 12));
    const sent = await Promise.all([run(now), run(now)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    const [latest] = await mails(owner);
    expect(latest!.text).toContain(`Gone.pdf (Acme Manufacturing): expires on ${addDays(DAY, 40)}`);
    const notices = await t.database.db
      .select()
      .from(evidenceExpiryNotices)
      .where(eq(evidenceExpiryNotices.evidenceId, ids['Gone.pdf']!));
    expect(notices.map((n) => `${n.state} ${n.expiresOn}`).sort()).toEqual([
      `expired ${addDays(DAY, -5)}`,
      `expiring ${addDays(DAY, 40)}`,
    ]);
    expect(notices.every((n) => n.accountId === owner.tid)).toBe(true);
  });
});

describe('the dashboard card', () => {
  it('lists expired and expiring files of the tenants the caller reaches', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const fresh = await signUpPerson(t, 'dash-owner');
    const a = await addTenant(t, fresh.tid, 'Alpha');
    const b = await addTenant(t, fresh.tid, 'Beta');
    const put = async (tid: string, name: string, expiresOn: string | null) =>
      addEvidence(t, {
        accountId: fresh.tid,
        tenantId: tid,
        userId: fresh.uid,
        name,
        bytes: new TextEncoder().encode(name),
        effectiveOn: '2020-01-01',
        expiresOn,
      });
    await put(a, 'expired.pdf', addDays(today, -1));
    await put(a, 'soon.pdf', addDays(today, 30));
    await put(b, 'beta soon.pdf', addDays(today, 2));
    await put(a, 'later.pdf', addDays(today, 31));
    await put(b, 'no expiry.pdf', null);
    const d = DashboardSchema.parse(await ok(fresh.client.get('/api/v1/dashboard')));
    expect(d.evidence).toMatchObject({ expired: 1, expiring: 2 });
    expect(d.evidence.files.map((f) => [f.name, f.tenantName, f.state])).toEqual([
      ['expired.pdf', 'Alpha', 'expired'],
      ['beta soon.pdf', 'Beta', 'expiring'],
      ['soon.pdf', 'Alpha', 'expiring'],
    ]);
    const limited = await addMember(t, fresh, 'member');
    await ok(
      fresh.client.request(`/api/v1/members/${limited.uid}/tenant-access`, {
        method: 'PUT',
        json: { mode: 'only', tenantIds: [b], version: 0 },
      }),
    );
    const seen = DashboardSchema.parse(await ok(limited.client.get('/api/v1/dashboard')));
    expect(seen.evidence).toMatchObject({ expired: 0, expiring: 1 });
    expect(seen.evidence.files.map((f) => f.name)).toEqual(['beta soon.pdf']);
  });
});
