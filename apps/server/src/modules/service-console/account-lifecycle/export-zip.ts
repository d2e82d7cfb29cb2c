/**
 * Writes an account's export as a ZIP into the file store, streaming (fflate's synchronous
 * Zip: every piece it produces is handed to the store's writer before the next rows are read),
 * so memory holds one page of rows, one media file or report, and at most a chunk of output.
 *
 * The archive: `account.json` … one JSON file per source (export-sources.ts), `media.json` and
 * `media/{id}.{ext}`, `reports.json` and `reports/{id}.pdf`, and `manifest.json` last, with the
 * schema version, the count of every entity and the size and SHA-256 of every other file.
 * The ZIP is lib/storage/zip-writer.ts's: under 4 GiB and 65,000 files (no ZIP64), or the
 * export fails saying so.
 */
import { ACCOUNT_EXPORT_SCHEMA_VERSION } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { media, reports } from '../../../db/schema/index.ts';
import type { BlobWriter } from '../../../lib/storage/blob-store.ts';
import { once, ZipWriter, type ZipEntry } from '../../../lib/storage/zip-writer.ts';
import {
  EXPORT_SOURCES,
  MEDIA_SOURCE,
  REPORTS_SOURCE,
  countRows,
  rowsOf,
  type Row,
  type Source,
} from './export-sources.ts';

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 500;
export type ManifestFile = ZipEntry;

export interface Manifest {
  schemaVersion: number;
  exportId: string;
  generatedAt: string;
  account: { id: string; name: string };
  /** Rows per entity (JSON files), and the media and report files. */
  counts: Record<string, number>;
  files: ManifestFile[];
}

export interface ExportOptions {
  /** Rows per query (tests make it small to see the paging). */
  pageSize?: number;
  /** Called after each query of rows, with the rows it answered. */
  onPage?: (entity: string, rows: number) => void;
  /** Called as rows and files are written: how many so far, of how many. */
  onProgress?: (done: number, total: number) => Promise<void>;
}

const MEDIA_EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const text = (s: string) => new TextEncoder().encode(s);

/** A JSON array (or one object) of the source's rows, a page per piece. */
async function* jsonOf(
  db: Database,
  s: Source,
  accountId: string,
  opts: Required<Pick<ExportOptions, 'pageSize'>> & ExportOptions,
  counted: (rows: Row[]) => Promise<void>,
): AsyncGenerator<Uint8Array> {
  if (s.single) {
    let first: Row | null = null;
    for await (const rows of rowsOf(db, s, accountId, 1, opts.onPage)) {
      first = rows[0] ?? null;
      await counted(rows);
      break;
    }
    yield text(`${JSON.stringify(first, null, 2)}\n`);
    return;
  }
  let n = 0;
  yield text('[');
  for await (const rows of rowsOf(db, s, accountId, opts.pageSize, opts.onPage)) {
    yield text(rows.map((r) => `${n++ === 0 ? '' : ','}\n${JSON.stringify(r)}`).join(''));
    await counted(rows);
  }
  yield text(n === 0 ? ']\n' : '\n]\n');
}

/**
 * Writes the export of `accountId` into `out` (not finished: the caller finishes or aborts it)
 * and answers the manifest it wrote.
 */
export async function writeAccountExport(
  db: Database,
  out: BlobWriter,
  job: { exportId: string; accountId: string; accountName: string },
  options: ExportOptions = {},
): Promise<Manifest> {
  const opts = { pageSize: EXPORT_PAGE_SIZE, ...options };
  const { accountId } = job;
  const sources = [...EXPORT_SOURCES, MEDIA_SOURCE, REPORTS_SOURCE];
  const counts: Record<string, number> = {};
  let total = 0;
  for (const s of sources) total += await countRows(db, s, accountId);
  // An image is a row of media.json and a file.
  total += await countRows(db, MEDIA_SOURCE, accountId);
  let done = 0;
  const step = async (n: number) => {
    done += n;
    await opts.onProgress?.(Math.min(done, total), total);
  };
  await opts.onProgress?.(0, total);

  const zip = new ZipWriter(out, {
    tooLarge: 'The account is too large for one ZIP file (over 4 GB).',
    tooMany: 'The account has too many files for one ZIP file.',
  });
  const files: ManifestFile[] = [];
  for (const s of sources) {
    counts[s.entity] = 0;
    const counted = async (rows: Row[]) => {
      counts[s.entity]! += rows.length;
      await step(rows.length);
    };
    files.push(await zip.file(`${s.entity}.json`, jsonOf(db, s, accountId, opts, counted)));
  }
  counts.media_files = 0;
  for await (const rows of rowsOf(db, MEDIA_SOURCE, accountId, opts.pageSize, opts.onPage)) {
    for (const m of rows) {
      const [one] = await db
        .select({ data: media.data })
        .from(media)
        .where(and(eq(media.id, String(m.id)), eq(media.accountId, accountId)));
      if (!one) continue; // deleted meanwhile
      const ext = MEDIA_EXTENSIONS[String(m.contentType)] ?? 'bin';
      files.push(await zip.file(`media/${String(m.id)}.${ext}`, once(one.data), true));
      counts.media_files += 1;
      await step(1);
    }
  }
  counts.report_files = 0;
  for await (const rows of rowsOf(db, REPORTS_SOURCE, accountId, opts.pageSize, opts.onPage)) {
    for (const r of rows) {
      if (r.status !== 'done') continue;
      const [one] = await db
        .select({ data: reports.data })
        .from(reports)
        .where(
          and(
            eq(reports.id, String(r.id)),
            eq(reports.accountId, accountId),
            sql`${reports.data} is not null`,
          ),
        );
      if (!one?.data) continue;
      files.push(await zip.file(`reports/${String(r.id)}.pdf`, once(one.data), true));
      counts.report_files += 1;
    }
  }
  const manifest: Manifest = {
    schemaVersion: ACCOUNT_EXPORT_SCHEMA_VERSION,
    exportId: job.exportId,
    generatedAt: new Date().toISOString(),
    account: { id: accountId, name: job.accountName },
    counts,
    files,
  };
  await zip.file('manifest.json', once(text(`${JSON.stringify(manifest, null, 2)}\n`)));
  await zip.end();
  await opts.onProgress?.(total, total);
  return manifest;
}
