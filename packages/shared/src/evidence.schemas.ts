import { z } from 'zod';

/**
 * Evidence (docs/evidence.md): files behind the answers. A client tenant keeps an evidence
 * library; each file in it has revisions (replacing a file keeps the old one), an effective date
 * (when the evidence was true) and an optional expiry. A file is linked to any number of answers
 * of the tenant's assessments (at most EVIDENCE_LIMITS.filesPerAnswer per answer) and is carried
 * forward with them into the next assessment. The bytes live in the file store
 * (docs/storage.md) and count against the account's storage quota.
 */

export const EVIDENCE_LIMITS = {
  /** The largest file accepted, in bytes (25 MB). */
  maxBytes: 25 * 1024 * 1024,
  /** Most files linked to one answer. */
  filesPerAnswer: 10,
  /** Longest file name kept, in characters. */
  nameMaxLength: 200,
  /** Evidence expiring within this many days is "expiring soon". */
  expiringWithinDays: 30,
  /** How long a signed download link works, in seconds. */
  downloadLinkSeconds: 300,
  /**
   * An office document (a ZIP inside) is refused when its entries would unpack to more than
   * this many bytes, or to more than `maxUnpackRatio` times its own size (a zip bomb).
   */
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxUnpackRatio: 100,
} as const;

/**
 * The file types evidence may be, recognised by their bytes (the `file-type` package), never
 * by their name; text types (which have no signature) are checked to be UTF-8 text without NUL.
 */
export const EVIDENCE_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/csv',
  'text/plain',
] as const;
export type EvidenceContentType = (typeof EVIDENCE_CONTENT_TYPES)[number];

/** Images: shown inline through the media pipeline (re-encoded), the rest download. */
export const EVIDENCE_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const satisfies readonly EvidenceContentType[];

/** For people: what kinds of files are accepted (the picker's hint, the 415 message). */
export const EVIDENCE_TYPES_LABEL =
  'PDF, images (PNG, JPEG, WebP, GIF), Word, Excel, PowerPoint, OpenDocument, CSV or text';

/** Where a file stands on a given day: expired, expiring within 30 days, or current. */
export const EVIDENCE_STATES = ['current', 'expiring', 'expired'] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];
export const EVIDENCE_STATE_LABELS: Record<EvidenceState, string> = {
  current: 'Current',
  expiring: 'Expiring soon',
  expired: 'Expired',
};

/** `expiresOn` (YYYY-MM-DD or null) on `today` (YYYY-MM-DD, UTC): the file's state. */
export function evidenceState(expiresOn: string | null, today: string): EvidenceState {
  if (!expiresOn) return 'current';
  if (expiresOn < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + EVIDENCE_LIMITS.expiringWithinDays);
  return expiresOn <= soon.toISOString().slice(0, 10) ? 'expiring' : 'current';
}

export const EVIDENCE_ERROR_CODES = {
  /** 404: no such evidence file in this client tenant (or it is not linked where named). */
  notFound: 'evidence.not_found',
  /** 400: the upload has no bytes. */
  empty: 'evidence.empty',
  /** 415: the bytes are not one of EVIDENCE_CONTENT_TYPES (whatever the name says). */
  typeNotAllowed: 'evidence.type_not_allowed',
  /** 415: an archive-based document whose contents are unsafe (a zip bomb, a bad entry). */
  unsafeFile: 'evidence.unsafe_file',
  /** 400: the file name is empty, too long or holds control characters or path separators. */
  badName: 'evidence.bad_name',
  /** 409: the answer already has EVIDENCE_LIMITS.filesPerAnswer files. */
  tooManyFiles: 'evidence.too_many_files',
  /** 400: the expiry date is before the effective date. */
  badDates: 'evidence.bad_dates',
  /** 409: someone changed the file since it was read (`details.current` is the file now). */
  conflict: 'evidence.conflict',
  /** 409: the assessment is completed or archived: its evidence is fixed. */
  assessmentClosed: 'evidence.assessment_closed',
  /** 403 (410 for an expired one): the signed download link is not valid or has expired. */
  linkInvalid: 'evidence.link_invalid',
  /** 404: no such evidence pack of this assessment. */
  packNotFound: 'evidence.pack_not_found',
  /** 409: the evidence pack is still being built. */
  packNotReady: 'evidence.pack_not_ready',
  /** 429: the client tenant already has packs on their way. */
  packTooMany: 'evidence.pack_too_many',
} as const;

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** Who uploaded or linked: a member or shared user (userId) or a respondent (by name). */
export const EvidenceActorSchema = z.object({
  userId: z.string().nullable(),
  respondentId: z.string().nullable(),
  name: z.string(),
});

export const EvidenceRevisionSchema = z.object({
  id: z.string(),
  /** 1 for the first upload, +1 for each replacement. */
  revision: z.number().int().min(1),
  name: z.string(),
  contentType: z.enum(EVIDENCE_CONTENT_TYPES),
  bytes: z.number().int().min(1),
  /** SHA-256 of the bytes as uploaded, lower-case hex. */
  sha256: z.string(),
  effectiveOn: DateOnly,
  expiresOn: DateOnly.nullable(),
  uploadedBy: EvidenceActorSchema,
  uploadedAt: z.string(),
});
export type EvidenceRevision = z.infer<typeof EvidenceRevisionSchema>;

/** Where a file is used: one answer of one assessment. */
export const EvidenceUseSchema = z.object({
  assessmentId: z.string(),
  assessmentName: z.string(),
  questionKey: z.string(),
  questionTitle: z.string(),
});
export type EvidenceUse = z.infer<typeof EvidenceUseSchema>;

/** A file of a client tenant's evidence library, as its current revision describes it. */
export const EvidenceFileSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  contentType: z.enum(EVIDENCE_CONTENT_TYPES),
  bytes: z.number().int().min(1),
  sha256: z.string(),
  effectiveOn: DateOnly,
  expiresOn: DateOnly.nullable(),
  state: z.enum(EVIDENCE_STATES),
  /** The current revision's number. */
  revision: z.number().int().min(1),
  /** Optimistic concurrency: send it back on an edit; a stale one answers 409. */
  version: z.number().int().min(1),
  uploadedBy: EvidenceActorSchema,
  uploadedAt: z.string(),
  /** How many answers link it. */
  useCount: z.number().int().min(0),
  /** Same-origin URL of a re-encoded preview for images; null for other types. */
  previewUrl: z.string().nullable(),
});
export type EvidenceFile = z.infer<typeof EvidenceFileSchema>;

export const EvidencePatchSchema = z
  .object({
    name: z.string().optional(),
    effectiveOn: DateOnly.optional(),
    expiresOn: DateOnly.nullable().optional(),
    version: z.number().int().min(1),
  })
  .strict();
export type EvidencePatch = z.infer<typeof EvidencePatchSchema>;

/** A signed, short-lived download link (EVIDENCE_LIMITS.downloadLinkSeconds). */
export const EvidenceDownloadLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type EvidenceDownloadLink = z.infer<typeof EvidenceDownloadLinkSchema>;

/** Evidence packs: a ZIP of an assessment's answers (CSV), every file and a manifest. */
export const EVIDENCE_PACK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type EvidencePackStatus = (typeof EVIDENCE_PACK_STATUSES)[number];

/** GET /tenants/{tenantId}/evidence: one page of the library (`?q=&state=&cursor=`). */
export const EvidenceListSchema = z.object({
  items: z.array(EvidenceFileSchema),
  nextCursor: z.string().nullable(),
});
export type EvidenceList = z.infer<typeof EvidenceListSchema>;

/** GET /tenants/{tenantId}/evidence/{evidenceId}: the file, its revisions (newest first), uses. */
export const EvidenceDetailSchema = EvidenceFileSchema.extend({
  revisions: z.array(EvidenceRevisionSchema),
  uses: z.array(EvidenceUseSchema),
});
export type EvidenceDetail = z.infer<typeof EvidenceDetailSchema>;

/** Every answer's linked files, by question key (an assessment's, or a respondent's sections). */
export const AnswerEvidenceMapSchema = z.object({
  answers: z.record(z.string(), z.array(EvidenceFileSchema)),
});
export type AnswerEvidenceMap = z.infer<typeof AnswerEvidenceMapSchema>;
