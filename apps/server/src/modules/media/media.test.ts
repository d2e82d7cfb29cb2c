import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { AccountSchema, ErrorBodySchema, MEDIA_LIMITS } from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { addMember, signUpPerson, type Person } from '../../test/people.ts';
import { encodeImage, sniffImageType, storeImage } from './media.service.ts';
import { timeLimit } from '../../test/slowness.ts';

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await setupTestApp();
  owner = await signUpPerson(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

type Bytes = Uint8Array<ArrayBuffer>;
const bytesOf = (b: Buffer): Bytes => new Uint8Array(b);

/** A real image of `format` made by sharp: a gradient, so that resizing is visible. */
async function picture(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff',
  width = 64,
  height = 48,
): Promise<Bytes> {
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      raw[i] = Math.floor((x * 255) / width);
      raw[i + 1] = Math.floor((y * 255) / height);
      raw[i + 2] = 90;
      raw[i + 3] = x < width / 2 ? 255 : 128; // half transparent
    }
  }
  return bytesOf(
    await sharp(raw, { raw: { width, height, channels: 4 } })
      .toFormat(format)
      .toBuffer(),
  );
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A 1-bit greyscale PNG declaring `width` × `height`, all black. With `rows` it carries only
 * that many rows (a tiny file); without, every row: a complete, valid decompression bomb.
 */
function blackPng(width: number, height: number, rows = height): Bytes {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  const idat = zlib.deflateSync(Buffer.alloc(row * rows), { level: 9 });
  return bytesOf(
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A small JPEG whose frame header (SOF0) is rewritten to declare `width` × `height`. */
async function jpegDeclaring(width: number, height: number): Promise<Bytes> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer(),
  );
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return bytesOf(jpeg);
}

const upload = (who: Person, body: BodyInit) =>
  who.client.request('/api/v1/account/logo', {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/octet-stream' },
  });

async function expectRefused(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const { error } = ErrorBodySchema.parse(JSON.parse(text));
  expect(error.code).toBe(code);
  expect(error.fields).toEqual({ file: expect.any(String) });
}

async function logoOf(accountId: string) {
  const rows = await t.database.db
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.purpose, 'account_logo')));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

/** Uploads as `who` and answers the stored row and what GET /api/v1/media/{id} sends. */
async function uploadAndFetch(who: Person, body: Bytes) {
  const res = await upload(who, body);
  await expectStatus(res, 200);
  const { logoUrl } = AccountSchema.parse(await res.json());
  const row = await logoOf(who.tid);
  expect(logoUrl).toBe(`/api/v1/media/${row?.id}`);
  const served = await who.client.get(logoUrl!);
  expect(served.status).toBe(200);
  const bytes = Buffer.from(await served.arrayBuffer());
  expect(bytes.equals(row!.data)).toBe(true);
  return { row: row!, served, bytes, meta: await sharp(bytes).metadata() };
}

describe('what is accepted', () => {
  it('recognises PNG, JPEG and WebP by content only; never SVG, GIF or TIFF', async () => {
    expect(sniffImageType(await picture('png'))).toBe('image/png');
    expect(sniffImageType(await picture('jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await picture('webp'))).toBe('image/webp');
    expect(sniffImageType(await picture('gif'))).toBeNull();
    expect(sniffImageType(await picture('tiff'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('\u00ef\u00bb\u00bf<?xml version="1.0"?><svg/>'))).toBeNull();
  });

  it('a real PNG, JPEG and WebP are each stored as a WebP the server made, same size, transparency kept', async () => {
    const who = await signUpPerson(t, 'formats');
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const input = await picture(format);
      const { row, bytes, meta } = await uploadAndFetch(who, input);
      expect(row).toEqual(
        expect.objectContaining({
          contentType: 'image/webp',
          width: 64,
          height: 48,
          bytes: bytes.length,
          createdBy: who.uid,
        }),
      );
      expect(bytes.equals(Buffer.from(input))).toBe(false);
      expect(meta).toEqual(expect.objectContaining({ format: 'webp', width: 64, height: 48 }));
      expect(meta.hasAlpha).toBe(format !== 'jpeg');
    }
  });

  it('GIF, TIFF and SVG are refused by content whatever the declared type; nothing stored', async () => {
    const who = await signUpPerson(t, 'others');
    for (const body of [
      await picture('gif'),
      await picture('tiff'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    ]) {
      const res = await who.client.request('/api/v1/account/logo', {
        method: 'PUT',
        body,
        headers: { 'content-type': 'image/png' },
      });
      await expectRefused(res, 400, 'media.not_an_image');
    }
    expect(await logoOf(who.tid)).toBeUndefined();
  });

  it('a PNG signature followed by garbage, a truncated PNG or JPEG, an empty file: 400, nothing stored', async () => {
    const who = await signUpPerson(t, 'garbage');
    const png = await picture('png', 200, 200);
    const jpeg = await picture('jpeg', 200, 200);
    for (const body of [
      Buffer.concat([
        png.subarray(0, 8),
        Buffer.from('<html><script>alert(1)</script>'.repeat(20)),
      ]),
      Buffer.concat([png.subarray(0, 33), Buffer.from('garbage after a valid IHDR'.repeat(20))]),
      png.subarray(0, Math.floor(png.length * 0.6)),
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      new Uint8Array(0),
    ]) {
      await expectRefused(await upload(who, new Uint8Array(body)), 400, 'media.not_an_image');
    }
    expect(await logoOf(who.tid)).toBeUndefined();
  });

  it('a valid PNG with something appended is stored without what was appended', async () => {
    const who = await signUpPerson(t, 'polyglot');
    const polyglot = new Uint8Array(
      Buffer.concat([await picture('png'), Buffer.from('<script>alert(1)</script>')]),
    );
    const { bytes } = await uploadAndFetch(who, polyglot);
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('more than the byte limit is a 413 (the service’s own check, below the API body limit)', async () => {
    const big = new Uint8Array(MEDIA_LIMITS.maxBytes + 1);
    big.set(await picture('png'));
    const err = await encodeImage({ bytes: big, purpose: 'account_logo' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toEqual(expect.objectContaining({ status: 413, code: 'media.too_large' }));
  });
});

describe('pixel floods', () => {
  it('a tiny PNG declaring 50000 × 50000, a complete 10000 × 10000 PNG bomb and a JPEG declaring 65000 × 65000: 400 without decoding', async () => {
    const who = await signUpPerson(t, 'flood');
    const tiny = blackPng(50_000, 50_000, 4);
    const bomb = blackPng(10_000, 10_000);
    const jpeg = await jpegDeclaring(65_000, 65_000);
    expect(tiny.length).toBeLessThan(1024);
    expect(bomb.length).toBeLessThan(MEDIA_LIMITS.maxBytes);
    // Each of these would take ≥ 100 MB once decoded (400 MB to 16 GB as RGBA).
    const before = process.memoryUsage().rss;
    const started = performance.now();
    for (const body of [tiny, bomb, jpeg]) {
      await expectRefused(await upload(who, body), 400, 'media.too_many_pixels');
    }
    expect(performance.now() - started).toBeLessThan(timeLimit(5_000));
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(await logoOf(who.tid)).toBeUndefined();
  });

  it('just under the limit is decoded and fitted into the logo box', async () => {
    const who = await signUpPerson(t, 'under');
    // 40 megapixels exactly: 8000 × 5000, all black, about 40 kB as a 1-bit PNG.
    const { row } = await uploadAndFetch(who, blackPng(8000, 5000));
    expect(row).toEqual(expect.objectContaining({ width: 512, height: 320 }));
  });
});

describe('what is stored', () => {
  it('EXIF (GPS, camera), XMP and the ICC profile are gone; the EXIF orientation is applied first', async () => {
    const who = await signUpPerson(t, 'exif');
    const jpeg = bytesOf(
      await sharp(await picture('png', 300, 200))
        .flatten({ background: '#fff' })
        .jpeg()
        .withExif({
          IFD0: { Make: 'SecretCam', Model: 'Model-X9' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 2606/100',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 3948/100',
          },
        })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Author</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
        )
        .withIccProfile('p3')
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);
    expect(input.xmp).toBeDefined();
    expect(input.icc).toBeDefined();
    expect(Buffer.from(jpeg).includes(Buffer.from('SecretCam'))).toBe(true);

    const { row, bytes, meta } = await uploadAndFetch(who, jpeg);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const secret of ['SecretCam', 'Model-X9', 'Secret Author', 'Exif', 'GPS']) {
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    }
    // Orientation 6 (rotate 90°): a 300 × 200 photo is stored upright, 200 × 300.
    expect(row).toEqual(expect.objectContaining({ width: 200, height: 300 }));
  });

  it('a large image is fitted into the logo box (512 × 512), aspect kept; a small one is not enlarged', async () => {
    const who = await signUpPerson(t, 'large');
    const wide = await uploadAndFetch(who, await picture('png', 3000, 1500));
    expect(wide.row).toEqual(expect.objectContaining({ width: 512, height: 256 }));
    expect(wide.meta).toEqual(expect.objectContaining({ width: 512, height: 256 }));
    const tall = await uploadAndFetch(who, await picture('jpeg', 600, 1200));
    expect(tall.row).toEqual(expect.objectContaining({ width: 256, height: 512 }));
    const small = await uploadAndFetch(who, await picture('webp', 30, 20));
    expect(small.row).toEqual(expect.objectContaining({ width: 30, height: 20 }));
    // One logo per account: each upload replaced the one before.
    expect(
      await t.database.db.select({ id: media.id }).from(media).where(eq(media.accountId, who.tid)),
    ).toHaveLength(1);
  });

  it('two uploads at once leave exactly one logo, the one the account shows', async () => {
    const who = await signUpPerson(t, 'race');
    const [a, b] = await Promise.all([
      upload(who, await picture('png')),
      upload(who, await picture('webp')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await logoOf(who.tid);
    const account = AccountSchema.parse(await (await who.client.get('/api/v1/account')).json());
    expect(account.logoUrl).toBe(`/api/v1/media/${row?.id}`);
  });

  it('storeImage stores for any scope of the account and reports what it stored', async () => {
    const who = await signUpPerson(t, 'direct');
    const stored = await storeImage(
      t.database.db,
      { accountId: who.tid, userId: who.uid },
      { bytes: await picture('png', 1000, 100), purpose: 'account_logo' },
    );
    expect(stored).toEqual(
      expect.objectContaining({
        purpose: 'account_logo',
        url: `/api/v1/media/${stored.id}`,
        contentType: 'image/webp',
        width: 512,
        height: 51,
      }),
    );
    const row = await logoOf(who.tid);
    expect(row?.bytes).toBe(stored.bytes);
  });
});

describe('GET /api/v1/media/{id}', () => {
  let logoId: string;
  let logoBytes: Buffer;
  beforeAll(async () => {
    const { row } = await uploadAndFetch(owner, await picture('png'));
    logoId = row.id;
    logoBytes = row.data;
  });

  it('members of the account get the bytes with a server-chosen name and inert, immutable headers', async () => {
    const member = await addMember(t, owner, 'member');
    const res = await member.client.get(`/api/v1/media/${logoId}`);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toEqual(
      expect.objectContaining({
        'content-type': 'image/webp',
        'content-length': String(logoBytes.length),
        'content-disposition': `inline; filename="${logoId}.webp"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'same-origin',
      }),
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(logoBytes)).toBe(true);
    // The rest of the API keeps the app's own CSP.
    const api = await member.client.get('/api/v1/account');
    expect(api.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });

  it('another account’s member gets 404 (like an unknown id) and the row is unchanged', async () => {
    const [before] = await t.database.db.select().from(media).where(eq(media.id, logoId));
    const other = await signUpPerson(t, 'other');
    const res = await other.client.get(`/api/v1/media/${logoId}`);
    expect(res.status).toBe(404);
    const unknown = await other.client.get(`/api/v1/media/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await res.text()).not.toContain(owner.tid);
    expect(ErrorBodySchema.parse(await unknown.json()).error.code).toBe('common.not_found');
    const [after] = await t.database.db.select().from(media).where(eq(media.id, logoId));
    expect(after).toEqual(before);
  });

  it('anonymous: 401; a NUL in the id: 400', async () => {
    const res = await t.client().get(`/api/v1/media/${logoId}`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(logoId);
    expect((await owner.client.get('/api/v1/media/x%00y')).status).toBe(400);
  });

  it('a logo carried over from before re-encoding is served under its own type and name', async () => {
    const legacy = Buffer.from(await picture('png', 4, 4));
    const who = await signUpPerson(t, 'legacy');
    const id = crypto.randomUUID();
    await t.database.db.insert(media).values({
      id,
      accountId: who.tid,
      purpose: 'account_logo',
      contentType: 'image/png',
      data: legacy,
      bytes: legacy.length,
    });
    const res = await who.client.get(`/api/v1/media/${id}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${id}.png"`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('migration 0004', () => {
  // Runs the whole migration history on a fresh PGlite: 35 s measured beside a loaded machine.
  it(
    'carries existing logos over into media as they were, then drops account_logos',
    {
      timeout: 120_000,
    },
    async () => {
      // A database at migration 0003 with a logo in account_logos, then migrated to the end.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'tenantry-0003-'));
      const pglite = await PGlite.create();
      try {
        const journalPath = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
        const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
          entries: Array<{ idx: number; tag: string }>;
        };
        const upTo3 = journal.entries.filter((e) => e.idx <= 3);
        const folder = path.join(dir, 'drizzle');
        mkdirSync(path.join(folder, 'meta'), { recursive: true });
        for (const e of upTo3) {
          copyFileSync(
            path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`),
            path.join(folder, `${e.tag}.sql`),
          );
        }
        writeFileSync(
          path.join(folder, 'meta', '_journal.json'),
          JSON.stringify({ ...journal, entries: upTo3 }),
        );
        const db = drizzle({ client: pglite });
        await migrate(db, { migrationsFolder: folder });

        const logo = Buffer.from(await picture('png', 3, 3));
        await pglite.query(
          `insert into users (id, name, email) values ('u1', 'U', 'u@example.test')`,
        );
        await pglite.query(`insert into accounts (id, name) values ('a1', 'A'), ('a2', 'B')`);
        await pglite.query(
          `insert into account_logos (account_id, content_type, data, updated_at)
         values ('a1', 'image/png', $1, '2024-05-01T12:00:00Z')`,
          [logo],
        );

        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        const { rows } = await pglite.query<{
          account_id: string;
          purpose: string;
          content_type: string;
          data: Uint8Array;
          width: number | null;
          bytes: number;
          created_at: Date;
        }>(`select * from media`);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toEqual(
          expect.objectContaining({
            account_id: 'a1',
            purpose: 'account_logo',
            content_type: 'image/png',
            width: null,
            bytes: logo.length,
            created_at: new Date('2024-05-01T12:00:00Z'),
          }),
        );
        expect(Buffer.from(rows[0]!.data).equals(logo)).toBe(true);
        const { rows: tables } = await pglite.query(
          `select 1 from information_schema.tables where table_name = 'account_logos'`,
        );
        expect(tables).toEqual([]);
      } finally {
        await pglite.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
