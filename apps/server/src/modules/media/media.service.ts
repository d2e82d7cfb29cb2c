/**
 * Media: the one way the server stores images. An upload is recognised by content, decoded
 * within a pixel budget, re-encoded (EXIF orientation applied, every metadata block dropped,
 * fitted inside its purpose's box) and only the re-encoded bytes are stored; they are served by
 * id under a name the server chooses (media.routes.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  MEDIA_ERROR_CODES,
  MEDIA_LIMITS,
  MEDIA_OUTPUT_TYPE,
  MEDIA_PURPOSE_RULES,
  mediaUrl,
  type Media,
  type MediaInputType,
  type MediaPurpose,
  type MediaStoredType,
} from '@tenantry/shared';
import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import sharp, { type Metadata, type SharpOptions, type WebpOptions } from 'sharp';
import type { Database, Tx } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

// Process-wide hardening of the decoder (sharp/libvips is used only here): every loader is
// blocked but those of the accepted types, reading from memory, so SVG, PDF, TIFF, HEIF, GIF,
// files on disk… can never be decoded even if a check above them were wrong. No operation
// cache: uploads are decoded once, and their pixels should not linger in memory.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer', 'VipsForeignLoadWebpBuffer'],
});
sharp.cache(false);

/** Whose image it is: the account, or null for an image of global content; who uploaded it. */
export interface MediaScope {
  accountId: string | null;
  userId?: string | null;
}

/** A database or a transaction: store an image in the same transaction as what refers to it. */
type Db = Database | Tx;

/** An upload after re-encoding: what `insertImage` stores. */
export interface EncodedImage {
  purpose: MediaPurpose;
  contentType: typeof MEDIA_OUTPUT_TYPE;
  data: Buffer;
  width: number;
  height: number;
}

/** A stored image with its bytes (what `GET /api/v1/media/{id}` sends). */
export interface StoredImage {
  id: string;
  contentType: MediaStoredType;
  data: Buffer;
}

const MB = MEDIA_LIMITS.maxBytes / (1024 * 1024);

export const mediaTooLarge = () =>
  new AppError(MEDIA_ERROR_CODES.tooLarge, 413, `The image may be at most ${MB} MB.`, {
    file: `Choose an image of at most ${MB} MB.`,
  });

const notAnImage = (field: string) =>
  new AppError(MEDIA_ERROR_CODES.notAnImage, 400, 'The file is not a PNG, JPEG or WebP image.', {
    file: field,
  });

const tooManyPixels = () =>
  new AppError(
    MEDIA_ERROR_CODES.tooManyPixels,
    400,
    `The image has too many pixels (at most ${MEDIA_LIMITS.maxInputPixels / 1_000_000} megapixels).`,
    { file: 'The image is too large in pixels. Choose a smaller image.' },
  );

/**
 * The image type of `bytes` by its magic numbers (never the declared type), or null. Only
 * these types reach the decoder: SVG, TIFF, HEIF, GIF and anything else never do.
 */
export function sniffImageType(bytes: Uint8Array): MediaInputType | null {
  const b = bytes;
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    ascii(1, 4) === 'PNG' &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Which decoder may read which sniffed type (sharp's own detection must agree). */
const SHARP_FORMAT: Record<MediaInputType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * How each purpose is encoded to WebP. A logo is lossless: flat colours and sharp edges stay
 * exact, and at 512 px it stays small. Images of content will be lossy (quality about 82).
 */
const WEBP: Record<MediaPurpose, WebpOptions> = {
  account_logo: { lossless: true, effort: 4 },
  content_image: { quality: 82, effort: 4 },
  support_attachment: { quality: 82, effort: 4 },
  evidence_preview: { quality: 82, effort: 4 },
};

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * Re-encodes an upload for `purpose`, or throws the AppError that says why not (413 over the
 * byte limit; 400 not an image, undecodable, or too many pixels). No database.
 *
 * - the type is taken from the content, and sharp must detect the same format;
 * - width × height is checked from the header before any pixel is decoded
 *   (`limitInputPixels`), so a small file declaring a huge image is refused cheaply;
 * - `failOn: 'warning'`: a truncated or corrupt file is refused, not decoded in part;
 * - `.rotate()` applies the EXIF orientation, then every metadata block (EXIF incl. GPS, ICC,
 *   XMP, IPTC, comments) is dropped: sharp writes none unless asked to;
 * - fitted inside the purpose's box and MEDIA_LIMITS.maxSide, never enlarged; first frame only;
 * - WebP out: one output type for every image (keeps transparency, small; see WEBP).
 */
export async function encodeImage(input: {
  bytes: Uint8Array;
  purpose: MediaPurpose;
  /**
   * The largest input for this caller when it has checked the size itself (evidence images,
   * up to the evidence limit); MEDIA_LIMITS.maxBytes (the API body limit) otherwise.
   */
  maxBytes?: number;
}): Promise<EncodedImage> {
  const { bytes, purpose } = input;
  if (bytes.length > (input.maxBytes ?? MEDIA_LIMITS.maxBytes)) throw mediaTooLarge();
  if (bytes.length === 0) throw notAnImage('The file is empty.');
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage('Not a PNG, JPEG or WebP image.');

  const options: SharpOptions = {
    limitInputPixels: MEDIA_LIMITS.maxInputPixels,
    failOn: 'warning',
    pages: 1,
  };
  let header: Metadata;
  try {
    header = await sharp(bytes, options).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw notAnImage('The image could not be read (damaged or incomplete).');
  }
  if (header.format !== SHARP_FORMAT[type]) throw notAnImage('Not a PNG, JPEG or WebP image.');

  const rules = MEDIA_PURPOSE_RULES[purpose];
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({
        width: Math.min(rules.maxWidth, MEDIA_LIMITS.maxSide),
        height: Math.min(rules.maxHeight, MEDIA_LIMITS.maxSide),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp(WEBP[purpose])
      .toBuffer({ resolveWithObject: true });
    return {
      purpose,
      contentType: MEDIA_OUTPUT_TYPE,
      data,
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw notAnImage('The image could not be read (damaged or incomplete).');
  }
}

const toMedia = (row: {
  id: string;
  purpose: MediaPurpose;
  contentType: MediaStoredType;
  width: number | null;
  height: number | null;
  bytes: number;
  createdAt: Date;
}): Media => ({
  id: row.id,
  purpose: row.purpose,
  url: mediaUrl(row.id),
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.createdAt.toISOString(),
});

/** Where an image belongs: an account's, or global (null). */
const ownedBy = (accountId: string | null): SQL =>
  accountId === null ? isNull(media.accountId) : eq(media.accountId, accountId);

/**
 * Stores an image `encodeImage` produced, in `scope`'s account. For a purpose an account has
 * one of (the logo), the previous one is deleted in the same transaction (a new id, so a new
 * URL: cached copies of the old one are never shown for the new one). Give a transaction to
 * store it together with what refers to it; encode before opening that transaction.
 */
export async function insertImage(db: Db, scope: MediaScope, image: EncodedImage): Promise<Media> {
  const id = randomUUID();
  const row = {
    id,
    accountId: scope.accountId,
    purpose: image.purpose,
    contentType: image.contentType,
    data: image.data,
    width: image.width,
    height: image.height,
    bytes: image.data.length,
    createdBy: scope.userId ?? null,
    createdAt: new Date(),
  };
  if (!MEDIA_PURPOSE_RULES[image.purpose].onePerAccount) {
    await db.insert(media).values(row);
    return toMedia(row);
  }
  return db.transaction(async (tx) => {
    // Two uploads at once: the second waits and then replaces the first (no unique violation).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`media:${scope.accountId}:${image.purpose}`}))`,
    );
    await tx
      .delete(media)
      .where(and(ownedBy(scope.accountId), eq(media.purpose, image.purpose), ne(media.id, id)));
    await tx.insert(media).values(row);
    return toMedia(row);
  });
}

/** Re-encodes an upload and stores it (`encodeImage`, then `insertImage`). */
export async function storeImage(
  db: Db,
  scope: MediaScope,
  input: { bytes: Uint8Array; purpose: MediaPurpose },
): Promise<Media> {
  return insertImage(db, scope, await encodeImage(input));
}

const stored = {
  id: media.id,
  contentType: media.contentType,
  data: media.data,
};

/** Images read only through what they belong to, which knows who may see them. */
const READ_THROUGH_OWNER: MediaPurpose[] = ['support_attachment', 'evidence_preview'];

/**
 * One image by id that the account may see: its own, or one of global content (every account
 * reads the global library); another account's id is simply not found. A support attachment
 * or an evidence preview is never read here: only through its ticket or its evidence file,
 * which know who may see it (modules/support, modules/evidence).
 */
export async function readMedia(
  db: Db,
  scope: { accountId: string },
  id: string,
): Promise<StoredImage> {
  const [row] = await db
    .select(stored)
    .from(media)
    .where(
      and(
        eq(media.id, id),
        or(eq(media.accountId, scope.accountId), isNull(media.accountId)),
        notInArray(media.purpose, READ_THROUGH_OWNER),
      ),
    )
    .limit(1);
  if (!row) throw notFound('There is no such image.');
  return row;
}

/** The images of one purpose that belong to `scope` (newest first, without their bytes). */
export async function listImages(
  db: Db,
  scope: Pick<MediaScope, 'accountId'>,
  purpose: MediaPurpose,
  limit = 200,
): Promise<Media[]> {
  const rows = await db
    .select({
      id: media.id,
      purpose: media.purpose,
      contentType: media.contentType,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(and(ownedBy(scope.accountId), eq(media.purpose, purpose)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
  return rows.map(toMedia);
}

/** Deletes an image of one purpose that belongs to `scope`; false when there is none. */
export async function deleteImage(
  db: Db,
  scope: Pick<MediaScope, 'accountId'>,
  purpose: MediaPurpose,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(media)
    .where(and(eq(media.id, id), ownedBy(scope.accountId), eq(media.purpose, purpose)))
    .returning({ id: media.id });
  return rows.length > 0;
}

/** The account's image of a one-per-account purpose (its logo), or a 404. */
export async function readMediaOfPurpose(
  db: Db,
  scope: { accountId: string },
  purpose: MediaPurpose,
): Promise<StoredImage> {
  const [row] = await db
    .select(stored)
    .from(media)
    .where(and(eq(media.accountId, scope.accountId), eq(media.purpose, purpose)))
    .orderBy(desc(media.createdAt))
    .limit(1);
  if (!row) throw notFound('There is no such image.');
  return row;
}

/** The name an image is served under: its id and the extension of its type, nothing uploaded. */
export function mediaFileName(image: Pick<StoredImage, 'id' | 'contentType'>): string {
  const ext = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' }[image.contentType];
  return `${image.id}.${ext}`;
}

/**
 * The headers an image is served with: its stored type, a server-chosen name, no sniffing, and
 * a CSP that makes the response inert even if opened as a document. `immutable`: the URL names
 * this image by id (never reused), so the browser may keep it for a year.
 */
export function mediaHeaders(
  image: StoredImage,
  cache: 'immutable' | 'revalidate',
): Record<string, string> {
  return {
    'content-type': image.contentType,
    'content-length': String(image.data.length),
    'content-disposition': `inline; filename="${mediaFileName(image)}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control':
      cache === 'immutable' ? 'private, max-age=31536000, immutable' : 'private, no-cache',
  };
}

/** An image of one purpose by id in the account (what its owner reads it through), or null. */
export async function readImageOfPurpose(
  db: Db,
  scope: { accountId: string },
  purpose: MediaPurpose,
  id: string,
): Promise<StoredImage | null> {
  const [row] = await db
    .select(stored)
    .from(media)
    .where(and(eq(media.id, id), eq(media.accountId, scope.accountId), eq(media.purpose, purpose)));
  return row ?? null;
}

/** Deletes the account's images of one purpose by id (what owned them is gone). */
export async function deleteImagesOfPurpose(
  db: Db,
  scope: { accountId: string },
  purpose: MediaPurpose,
  ids: string[],
): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(media)
    .where(
      and(inArray(media.id, ids), eq(media.accountId, scope.accountId), eq(media.purpose, purpose)),
    );
}
