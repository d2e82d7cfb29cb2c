import {
  EVIDENCE_ERROR_CODES,
  EVIDENCE_LIMITS,
  STORAGE_ERROR_CODES,
  formatBytes,
} from '@tenantry/shared';
import { evidenceTypesLabel } from '#web/lib/labels.ts';
import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

const MAX = formatBytes(EVIDENCE_LIMITS.maxBytes);

/** What a refusal says when its answer carries no message of the API (a proxy's bare 413). */
export function evidenceFallbackError(status: number): ApiError {
  if (status === 413)
    return new ApiError(
      status,
      STORAGE_ERROR_CODES.fileTooLarge,
      t('errors.tooLarge', { max: MAX }),
    );
  if (status === 415)
    return new ApiError(
      status,
      EVIDENCE_ERROR_CODES.typeNotAllowed,
      t('errors.typeNotAllowed', { types: evidenceTypesLabel() }),
    );
  return new ApiError(status, 'common.bad_request', t('errors.uploadFailed'));
}

/**
 * Why an evidence request failed, for people: the API's own message for a 4xx (it names the
 * type refused, the size or quota, the limit of files, a closed assessment), else a plain one.
 */
export function evidenceErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('errors.offline');
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return t('errors.generic');
}

/**
 * Files refused before sending (too large, empty), with why; the rest to send. The server
 * decides the type from the bytes, so the name's extension is not checked here.
 */
export function precheckFiles(files: readonly File[]): {
  send: File[];
  refused: { name: string; message: string }[];
} {
  const send: File[] = [];
  const refused: { name: string; message: string }[] = [];
  for (const f of files) {
    if (f.size === 0) refused.push({ name: f.name, message: t('errors.empty') });
    else if (f.size > EVIDENCE_LIMITS.maxBytes)
      refused.push({
        name: f.name,
        message: t('errors.fileTooLarge', { size: formatBytes(f.size), max: MAX }),
      });
    else send.push(f);
  }
  return { send, refused };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A pasted screenshot's name: browsers call every pasted image "image.png"; this says what and
 * when ("Screenshot 2026-03-01 10.05.09.png").
 */
export function pastedName(file: File, now: Date = new Date()): string {
  const ext = file.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}.${pad(now.getMinutes())}.${pad(now.getSeconds())}`;
  return `Screenshot ${day} ${time}.${ext}`;
}
