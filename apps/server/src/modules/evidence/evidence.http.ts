/**
 * HTTP pieces the evidence routes share: the raw upload body as a stream, the download's
 * headers, the OpenAPI shapes of binary bodies.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Download } from './downloads.service.ts';
import type { EvidenceUpload } from './evidence.service.ts';

export const binary = z.string().openapi({ type: 'string', format: 'binary' });

export const rawBody = {
  required: true,
  description: 'The file’s bytes, as they are (not multipart); its type is decided from them.',
  content: { 'application/octet-stream': { schema: binary } },
};

const nothing: AsyncIterable<Uint8Array> = {
  async *[Symbol.asyncIterator]() {},
};

/**
 * The request body as an upload, streamed (never read whole): with its declared size when a
 * Content-Length was sent (the app's body limit skips these routes, EVIDENCE_UPLOAD_PATHS).
 */
export function uploadOf(
  c: Context,
  query: { name: string; effectiveOn?: string; expiresOn?: string },
): EvidenceUpload {
  const length = c.req.header('content-length');
  const body = c.req.raw.body as (ReadableStream<Uint8Array> & AsyncIterable<Uint8Array>) | null;
  return {
    source: body ?? nothing,
    declaredBytes: length && /^\d+$/.test(length) ? Number(length) : undefined,
    name: query.name,
    effectiveOn: query.effectiveOn,
    expiresOn: query.expiresOn ?? null,
  };
}

/** Paths whose body streams into the file store (the 1 MB API body limit does not apply). */
export const EVIDENCE_UPLOAD_PATHS = [
  /^\/api\/v1\/tenants\/[^/]+\/evidence$/,
  /^\/api\/v1\/tenants\/[^/]+\/evidence\/[^/]+\/revisions$/,
  /^\/api\/v1\/respond\/answers\/[^/]+\/evidence$/,
];

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');

/**
 * A download's headers: always an attachment (never shown by the browser), its type as
 * decided at upload, no sniffing, a CSP that makes it inert even if opened, never cached.
 */
export function downloadHeaders(d: Download): Record<string, string> {
  const type = d.contentType.startsWith('text/')
    ? `${d.contentType}; charset=utf-8`
    : d.contentType;
  return {
    'content-type': type,
    'content-length': String(d.bytes),
    'content-disposition': `attachment; filename="${asciiName(d.name)}"; filename*=UTF-8''${encodeURIComponent(d.name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
    'x-evidence-sha256': d.sha256,
  };
}
