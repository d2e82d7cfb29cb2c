/**
 * The S3-compatible driver of the file store (lib/storage/blob-store.ts; docs/storage.md): one
 * object per key (under an optional key prefix) in one bucket, through the AWS SDK v3
 * (`@aws-sdk/client-s3`: request signing, retries, the default credential chain).
 *
 * Writing buffers at most one part (S3_PART_BYTES, in one buffer the writer reuses): a file
 * smaller than that is one PutObject at finish(); a larger one becomes a multipart upload whose
 * parts are sent one after the other as they fill, write() waiting for each part to be stored,
 * so memory per upload stays one part whatever the file's size. S3 makes a finished object visible atomically: readers see the old
 * file or the new one. abort() aborts the multipart upload (its parts are deleted); an upload of a
 * process that died is removed by the bucket's AbortIncompleteMultipartUpload lifecycle rule.
 * Reading streams the GetObject body.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobStore, type BlobWriter } from './blob-store.ts';

/**
 * The size of a part: S3's minimum is 5 MiB (but for the last part) and a multipart upload has
 * at most 10,000 parts, so files up to ~78 GiB; Cloudflare R2 wants all parts but the last of
 * one size, which this is.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;
/** Files up to this size are kept as their pieces, not in a buffer of a whole part. */
const SMALL_FILE_BYTES = 1024 * 1024;

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, B2...); absent for AWS S3. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most local stores need. */
  forcePathStyle: boolean;
  /** Static credentials; when absent the SDK's default chain (env, profile, SSO, ECS, IMDS). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Put in front of every key, e.g. `tenantry/` (ends with `/` or is empty). */
  keyPrefix: string;
}

export interface S3BlobStoreOptions {
  /** Told about a failure that is not thrown (an abort the service refused). */
  warn?: (err: unknown, message: string) => void;
  /** Another part size (tests); at least 5 MiB against a real service. */
  partBytes?: number;
  /** A client built elsewhere (tests watching the requests); default: one from `config`. */
  client?: S3Client;
}

/** The SDK client for a configuration. */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC32 on every upload, since
    // 3.729) is refused by several S3-compatible stores; integrity is our own SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 4,
  });
}

const statusOf = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404);

/** A writer of one object: small files in one PutObject, larger ones part by part. */
function s3Writer(opts: {
  client: S3Client;
  Bucket: string;
  Key: string;
  partBytes: number;
  warn?: (err: unknown, message: string) => void;
}): BlobWriter {
  const { client, Bucket, Key, partBytes } = opts;
  const hash = createHash('sha256');
  // A small file is kept as its pieces; past SMALL_FILE_BYTES the writer takes one buffer of
  // a part, fills it, sends it, and fills it again: one allocation for the whole upload.
  let pieces: Buffer[] = [];
  let piecesBytes = 0;
  let part: Buffer | undefined;
  let filled = 0;
  let bytes = 0;
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  let state: 'open' | 'finished' | 'aborted' = 'open';
  const assertOpen = () => {
    if (state !== 'open') throw new Error(`this file writer is ${state}`);
  };

  const sendPart = async (Body: Buffer) => {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
    if (!uploadId) throw new Error('the S3 service answered no upload id');
    const PartNumber = parts.length + 1;
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
    );
    parts.push({ ETag, PartNumber });
  };
  /** Copies into the part buffer, sending it each time it is full (and waiting for that). */
  const append = async (src: Uint8Array) => {
    const buffer = (part ??= Buffer.allocUnsafe(partBytes));
    for (let at = 0; at < src.length;) {
      const n = Math.min(src.length - at, partBytes - filled);
      buffer.set(src.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === partBytes) {
        await sendPart(buffer);
        filled = 0;
      }
    }
  };
  const abortUpload = async () => {
    if (!uploadId) return;
    const UploadId = uploadId;
    uploadId = undefined;
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    } catch (err) {
      if (statusOf(err) === 404) return; // NoSuchUpload: already gone
      opts.warn?.(
        err,
        'the S3 service did not abort an upload; its lifecycle rule removes the parts',
      );
    }
  };

  const writer: BlobWriter = {
    async write(piece) {
      assertOpen();
      if (piece.length === 0) return;
      hash.update(piece);
      bytes += piece.length;
      try {
        if (part) return await append(piece);
        pieces.push(Buffer.from(piece));
        piecesBytes += piece.length;
        if (piecesBytes < Math.min(SMALL_FILE_BYTES, partBytes)) return;
        const held = pieces;
        pieces = [];
        piecesBytes = 0;
        for (const p of held) await append(p);
      } catch (err) {
        await writer.abort();
        throw err;
      }
    },
    async finish() {
      assertOpen();
      try {
        if (uploadId === undefined) {
          const Body = part ? part.subarray(0, filled) : Buffer.concat(pieces, piecesBytes);
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body,
              ContentType: 'application/octet-stream',
            }),
          );
        } else {
          if (filled > 0) await sendPart(part!.subarray(0, filled));
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (err) {
        await writer.abort();
        throw err;
      }
      state = 'finished';
      pieces = [];
      part = undefined;
      return { bytes, sha256: hash.digest('hex') };
    },
    async abort() {
      if (state !== 'open') return;
      state = 'aborted';
      pieces = [];
      part = undefined;
      await abortUpload();
    },
  };
  return writer;
}

export function createS3BlobStore(
  config: S3StorageConfig,
  options: S3BlobStoreOptions = {},
): BlobStore & { client: S3Client; probe(): Promise<void> } {
  const client = options.client ?? createS3Client(config);
  const partBytes = options.partBytes ?? S3_PART_BYTES;
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${config.keyPrefix}${key}`;
  };

  return {
    driver: 's3',
    client,

    /** Fails with the service's answer when the bucket cannot be reached (checked at start). */
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async createWriter(key): Promise<BlobWriter> {
      return s3Writer({ client, Bucket, Key: objectKey(key), partBytes, warn: options.warn });
    },

    async *read(key) {
      const Key = objectKey(key);
      let body: Readable;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key }));
        body = got.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      // Leaving the loop early (a client that went away) destroys the stream.
      for await (const chunk of body) yield chunk as Uint8Array;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async sweepAbandoned() {
      return 0; // the bucket's AbortIncompleteMultipartUpload rule does it (docs/storage.md)
    },
  };
}
