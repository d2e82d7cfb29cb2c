/** Framework files (`tenantry.framework/1`, JSON) as the author picks them. */
import { t } from '../messages.ts';

/** Larger files are refused before reading (the server's body limit is about this size too). */
export const FRAMEWORK_FILE_MAX_BYTES = 10 * 1024 * 1024;

export type ReadFile = { ok: true; document: unknown } | { ok: false; message: string };

/** The parsed JSON of a picked file, or why it cannot be read. */
export async function readFrameworkFile(
  file: Pick<File, 'name' | 'size' | 'text'>,
): Promise<ReadFile> {
  if (file.size > FRAMEWORK_FILE_MAX_BYTES) {
    return {
      ok: false,
      message: t('file.tooLarge', { name: file.name }),
    };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: t('file.unreadable', { name: file.name }) };
  }
  try {
    return { ok: true, document: JSON.parse(text) as unknown };
  } catch (err) {
    return {
      ok: false,
      message:
        err instanceof Error
          ? t('file.notJsonDetail', { name: file.name, detail: err.message })
          : t('file.notJson', { name: file.name }),
    };
  }
}

/** The `key` a file says it is for, when it says one. */
export function fileKey(document: unknown): string | null {
  if (typeof document !== 'object' || document === null) return null;
  const key = (document as { key?: unknown }).key;
  return typeof key === 'string' ? key : null;
}
