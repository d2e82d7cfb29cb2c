/** Framework files (`tenantry.framework/1`, JSON) as the author picks them. */

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
      message: `${file.name} is larger than 10 MB: that is not a framework file.`,
    };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
  try {
    return { ok: true, document: JSON.parse(text) as unknown };
  } catch (err) {
    const detail = err instanceof Error ? ` (${err.message})` : '';
    return {
      ok: false,
      message: `${file.name} is not a JSON file${detail}. Export a framework to see the format.`,
    };
  }
}

/** The `key` a file says it is for, when it says one. */
export function fileKey(document: unknown): string | null {
  if (typeof document !== 'object' || document === null) return null;
  const key = (document as { key?: unknown }).key;
  return typeof key === 'string' ? key : null;
}
