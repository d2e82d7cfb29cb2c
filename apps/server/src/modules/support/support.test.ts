import { SupportTicketDetailSchema, SupportTicketListSchema } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../test/people.ts';
import { closeSilentTickets } from './support.autoclose.ts';

let t: TestApp;
let owner: Person;
let admin: Person;
let member: Person;
let stranger: Person;
let staff: Person;
let png: Buffer;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'support-owner', 'Olive Owner');
  admin = await addMember(t, owner, 'admin');
  member = await addMember(t, owner, 'member');
  stranger = await signUpPerson(t, 'support-stranger');
  staff = await signUpPerson(t, 'support-staff', 'Sam Staff');
  await makeSystemAdmin(t, staff);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

/** A screenshot uploaded in either form the OpenAPI document gives: multipart, or the raw image. */
async function upload(who: Person, as: 'multipart' | 'raw' = 'multipart'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
  const res = await who.client.request('/api/v1/support/attachments', {
    method: 'POST',
    ...(as === 'multipart'
      ? { body: form }
      : { body: new Uint8Array(png), headers: { 'content-type': 'image/png' } }),
  });
  await expectStatus(res, 201);
  return ((await res.json()) as { id: string }).id;
}

async function open(who: Person, extra: Record<string, unknown> = {}) {
  const res = await who.client.post('/api/v1/support/tickets', {
    subject: 'The export button does nothing',
    category: 'problem',
    body: 'I click **Export** and nothing happens.',
    pagePath: '/tenant/abc/remediation',
    appVersion: '1.2.3',
    ...extra,
  });
  await expectStatus(res, 201);
  return SupportTicketDetailSchema.parse(await res.json());
}

describe('a ticket from a customer to the staff and back', () => {
  it('opens with a screenshot, reaches the queue, gets an answer and an internal note the customer never sees', async () => {
    const shot = await upload(member);
    const ticket = await open(member, { attachmentIds: [shot], priority: 'high' });
    expect(ticket).toMatchObject({
      status: 'open',
      priority: 'high',
      pagePath: '/tenant/abc/remediation',
      appVersion: '1.2.3',
      messageCount: 1,
    });
    expect(ticket.number).toBeGreaterThan(0);
    expect(ticket.awaitingSince).not.toBeNull();
    const url = ticket.messages[0]!.attachments[0]!.url;
    expect(url).toBe(`/api/v1/support/tickets/${ticket.id}/attachments/${shot}`);
    const img = await member.client.get(url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    // Never through the general media route, even inside the account.
    expect((await member.client.get(`/api/v1/media/${shot}`)).status).toBe(404);
    expect((await owner.client.get(`/api/v1/media/${shot}`)).status).toBe(404);

    const [toStaff] = await t.mailTo(staff.email);
    expect(toStaff?.subject).toContain(`[#${ticket.number}] New ticket`);
    expect(toStaff?.text).toContain(`/service/support/${ticket.id}`);

    const queue = SupportTicketListSchema.parse(
      await (await staff.client.get('/api/v1/service/support/tickets?status=open')).json(),
    );
    expect(queue.items.map((i) => i.id)).toContain(ticket.id);
    const staffImg = await staff.client.get(
      `/api/v1/service/support/tickets/${ticket.id}/attachments/${shot}`,
    );
    expect(staffImg.status).toBe(200);

    const note = await staff.client.post(`/api/v1/service/support/tickets/${ticket.id}/messages`, {
      body: 'SECRET: probably the CSV worker',
      internal: true,
    });
    await expectStatus(note, 201);
    const reply = await staff.client.post(`/api/v1/service/support/tickets/${ticket.id}/messages`, {
      body: 'Thanks, fixed now: try again.',
    });
    expect(reply.status).toBe(201);
    const staffView = SupportTicketDetailSchema.parse(await reply.json());
    expect(staffView.status).toBe('waiting');
    expect(staffView.awaitingSince).toBeNull();
    expect(staffView.messages.map((m) => m.internal)).toEqual([false, true, false]);

    const [toMember] = await t.mailTo(member.email);
    expect(toMember?.subject).toContain('Support replied');
    expect(toMember?.text).toContain(`/support?ticket=${ticket.id}`);
    expect(toMember?.text).not.toContain('SECRET');

    for (const who of [member, owner, admin]) {
      const res = await who.client.get(`/api/v1/support/tickets/${ticket.id}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain('SECRET');
      const seen = SupportTicketDetailSchema.parse(JSON.parse(text));
      expect(seen.messages).toHaveLength(2);
      expect(seen.messages[1]).toMatchObject({
        authorKind: 'staff',
        body: 'Thanks, fixed now: try again.',
      });
    }
    const list = await (await member.client.get('/api/v1/support/tickets')).text();
    expect(list).not.toContain('SECRET');

    // The customer answers: the staff's turn again.
    const back = await member.client.post(`/api/v1/support/tickets/${ticket.id}/messages`, {
      body: 'Works, thank you.',
    });
    expect(back.status).toBe(201);
    expect(SupportTicketDetailSchema.parse(await back.json()).status).toBe('open');
  });

  it('staff set status, priority and assignee; only a staff member can be assigned', async () => {
    const ticket = await open(owner);
    const base = `/api/v1/service/support/tickets/${ticket.id}`;
    const bad = await staff.client.request(base, {
      method: 'PATCH',
      json: { assigneeId: owner.uid },
    });
    expect(bad.status).toBe(400);
    expect(await errorCode(bad)).toBe('support.invalid_assignee');
    const ok = await staff.client.request(base, {
      method: 'PATCH',
      json: { assigneeId: staff.uid, priority: 'urgent', status: 'resolved' },
    });
    expect(ok.status).toBe(200);
    const updated = SupportTicketDetailSchema.parse(await ok.json());
    expect(updated).toMatchObject({ priority: 'urgent', status: 'resolved' });
    expect(updated.assignee?.id).toBe(staff.uid);
    const mine = SupportTicketListSchema.parse(
      await (await staff.client.get('/api/v1/service/support/tickets?assignee=me')).json(),
    );
    expect(mine.items.map((i) => i.id)).toEqual([ticket.id]);
  });

  it('a customer closes and reopens; a closed ticket takes no reply', async () => {
    const ticket = await open(admin);
    const base = `/api/v1/support/tickets/${ticket.id}`;
    const closed = await admin.client.request(base, {
      method: 'PATCH',
      json: { status: 'closed' },
    });
    expect(SupportTicketDetailSchema.parse(await closed.json()).status).toBe('closed');
    const refused = await admin.client.post(`${base}/messages`, { body: 'hello?' });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('support.closed');
    const reopened = await admin.client.request(base, {
      method: 'PATCH',
      json: { status: 'open' },
    });
    expect(SupportTicketDetailSchema.parse(await reopened.json()).status).toBe('open');
  });
});

describe('who sees which ticket', () => {
  it('owners and admins see every ticket of the account; members only their own', async () => {
    const byAdmin = await open(admin, { subject: 'Admin’s billing question', category: 'billing' });
    const byMember = await open(member, { subject: 'Member’s question', category: 'question' });
    const ids = async (who: Person) =>
      SupportTicketListSchema.parse(
        await (await who.client.get('/api/v1/support/tickets')).json(),
      ).items.map((i) => i.id);
    expect(await ids(owner)).toEqual(expect.arrayContaining([byAdmin.id, byMember.id]));
    expect(await ids(admin)).toEqual(expect.arrayContaining([byAdmin.id, byMember.id]));
    expect(await ids(member)).toContain(byMember.id);
    expect(await ids(member)).not.toContain(byAdmin.id);

    const base = `/api/v1/support/tickets/${byAdmin.id}`;
    const before = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, byAdmin.id));
    for (const res of [
      await member.client.get(base),
      await member.client.post(`${base}/messages`, { body: 'peek' }),
      await member.client.request(base, { method: 'PATCH', json: { status: 'closed' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe('support.not_found');
    }
    const after = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, byAdmin.id));
    expect(after).toEqual(before);
  });

  it('takes a screenshot as the raw image as well as multipart, and refuses what is not one', async () => {
    const raw = await upload(member, 'raw');
    const multipart = await upload(member, 'multipart');
    const ticket = await open(member, { attachmentIds: [raw, multipart] });
    const base = `/api/v1/support/tickets/${ticket.id}`;
    for (const id of [raw, multipart]) {
      const res = await member.client.get(`${base}/attachments/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    const notImage = await member.client.request('/api/v1/support/attachments', {
      method: 'POST',
      body: 'just text',
      headers: { 'content-type': 'image/png' },
    });
    expect(notImage.status).toBe(400);
    expect(await errorCode(notImage)).toBe('media.not_an_image');
    const noFile = new FormData();
    noFile.set('note', 'no file');
    const empty = await member.client.request('/api/v1/support/attachments', {
      method: 'POST',
      body: noFile,
    });
    expect(empty.status).toBe(400);
    expect(await errorCode(empty)).toBe('common.validation');
  });

  it('another account never sees a ticket or its attachments', async () => {
    const shot = await upload(owner);
    const ticket = await open(owner, { attachmentIds: [shot] });
    const base = `/api/v1/support/tickets/${ticket.id}`;
    expect((await stranger.client.get(base)).status).toBe(404);
    expect((await stranger.client.get(`${base}/attachments/${shot}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/media/${shot}`)).status).toBe(404);
    expect((await stranger.client.post(`${base}/messages`, { body: 'x' })).status).toBe(404);
    const list = await (await stranger.client.get('/api/v1/support/tickets')).json();
    expect(SupportTicketListSchema.parse(list).items).toEqual([]);
    // Nor can it attach another person's upload to its own ticket.
    const res = await stranger.client.post('/api/v1/support/tickets', {
      subject: 'x',
      category: 'question',
      body: 'x',
      attachmentIds: [shot],
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('support.invalid_attachment');
  });

  it('only staff reach the service routes', async () => {
    const ticket = await open(owner);
    for (const who of [owner, admin, member]) {
      expect((await who.client.get('/api/v1/service/support/tickets')).status).toBe(403);
      expect((await who.client.get(`/api/v1/service/support/tickets/${ticket.id}`)).status).toBe(
        403,
      );
      expect((await who.client.get('/api/v1/service/support/canned')).status).toBe(403);
    }
    expect((await t.client().get('/api/v1/support/tickets')).status).toBe(401);
  });
});

describe('bad input', () => {
  it('refuses unstorable text, unknown values and empty messages with 400', async () => {
    for (const body of [
      { subject: 'a\u0000b', category: 'question', body: 'x' },
      { subject: 'ok', category: 'nonsense', body: 'x' },
      { subject: 'ok', category: 'question', body: '   ' },
      { subject: 'ok', category: 'question', body: 'x', priority: 'critical' },
      { subject: 'x'.repeat(201), category: 'question', body: 'x' },
    ]) {
      const res = await owner.client.post('/api/v1/support/tickets', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('canned replies and help', () => {
  it('staff keep canned replies', async () => {
    const created = await staff.client.post('/api/v1/service/support/canned', {
      title: 'Thanks',
      body: 'Thanks for writing to us.',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const changed = await staff.client.request(`/api/v1/service/support/canned/${id}`, {
      method: 'PUT',
      json: { title: 'Thanks!', body: 'Thanks for writing.' },
    });
    expect(changed.status).toBe(200);
    const list = (await (await staff.client.get('/api/v1/service/support/canned')).json()) as {
      items: Array<{ title: string }>;
    };
    expect(list.items.map((i) => i.title)).toContain('Thanks!');
    const gone = await staff.client.request(`/api/v1/service/support/canned/${id}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    const again = await staff.client.request(`/api/v1/service/support/canned/${id}`, {
      method: 'DELETE',
    });
    expect(await errorCode(again)).toBe('support.canned_not_found');
  });

  it('suggests the account’s published articles that share words with the question', async () => {
    const created = await owner.client.post('/api/v1/content/articles', {
      scope: 'private',
      key: 'export-troubleshooting',
      title: 'Troubleshooting exports',
    });
    await expectStatus(created, 201);
    const article = (await created.json()) as { id: string; revision: number };
    const published = await owner.client.post(`/api/v1/content/articles/${article.id}/publish`, {
      revision: article.revision,
    });
    await expectStatus(published, 200);
    const q = encodeURIComponent('my export is stuck');
    const help = (await (await member.client.get(`/api/v1/support/help?q=${q}`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(help.items.map((i) => i.id)).toContain(article.id);
    const other = (await (await stranger.client.get(`/api/v1/support/help?q=${q}`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(other.items.map((i) => i.id)).not.toContain(article.id);
  });
});

describe('auto-close', () => {
  it('closes resolved tickets after 7 days of silence, and only those', async () => {
    const quiet = await open(owner, { subject: 'quiet' });
    const recent = await open(owner, { subject: 'recent' });
    const stillOpen = await open(owner, { subject: 'open' });
    const long = new Date(Date.now() - 8 * 86_400_000);
    for (const id of [quiet.id, recent.id]) {
      await staff.client.request(`/api/v1/service/support/tickets/${id}`, {
        method: 'PATCH',
        json: { status: 'resolved' },
      });
    }
    await t.database.db
      .update(supportTickets)
      .set({ lastMessageAt: long, resolvedAt: long })
      .where(eq(supportTickets.id, quiet.id));
    await t.database.db
      .update(supportTickets)
      .set({ lastMessageAt: long })
      .where(eq(supportTickets.id, stillOpen.id));
    expect(await closeSilentTickets(t.database.db)).toBe(1);
    const statuses = await t.database.db
      .select({ id: supportTickets.id, status: supportTickets.status })
      .from(supportTickets);
    const byId = new Map(statuses.map((s) => [s.id, s.status]));
    expect(byId.get(quiet.id)).toBe('closed');
    expect(byId.get(recent.id)).toBe('resolved');
    expect(byId.get(stillOpen.id)).toBe('open');
  });
});
