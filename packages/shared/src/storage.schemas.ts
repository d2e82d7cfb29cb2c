import { z } from 'zod';

/**
 * File storage (docs/storage.md): the bytes an account keeps (evidence files and whatever else
 * is uploaded into it) count against its plan's quota (`PLANS[plan].storageBytes`, plans.ts).
 * Files the system makes for itself (account exports) do not count.
 */

/** What an account's stored file is for (the `stored_files.purpose` column). */
export const STORED_FILE_PURPOSES = ['evidence'] as const;
export type StoredFilePurpose = (typeof STORED_FILE_PURPOSES)[number];

export const STORAGE_ERROR_CODES = {
  /**
   * 413: the upload would take the account past its plan's storage quota. `details` is
   * StorageQuotaDetails; nothing was stored.
   */
  quotaExceeded: 'storage.quota_exceeded',
  /** 413: a file larger than the largest one accepted where it was sent (`details.maxBytes`). */
  fileTooLarge: 'storage.file_too_large',
} as const;

/** What a 413 `storage.quota_exceeded` carries in `details`. */
export interface StorageQuotaDetails {
  usedBytes: number;
  quotaBytes: number;
  /** The size of the upload refused (as declared, or as far as it was read). */
  incomingBytes: number;
  plan: string;
}

/** An account's stored bytes against its plan's quota (the billing tab). */
export const StorageUsageSchema = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
  /** How many files the used bytes are. */
  files: z.number().int().min(0),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

// Without zod, so the respondent page may import it (its budget, docs/architecture.md).
export { formatBytes } from './bytes.ts';
