import { ErrorBodySchema } from '@tenantry/shared';
import type { z } from 'zod';
import { ApiError, networkError } from './api.ts';
import { t } from './messages.ts';

/** How far an upload is: bytes sent of the file's bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadFileOptions<S extends z.ZodType> {
  /** Validates the answer; its inferred type is the result. */
  schema: S;
  method?: 'POST' | 'PUT';
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  /** The error of an answer that is no API error body (a proxy's bare 413, say). */
  fallback?: (status: number) => ApiError;
}

/**
 * Sends a file as the RAW request body (not multipart, so the server streams it) and reports
 * how much of it went: fetch has no upload progress, XMLHttpRequest does. The answer is read as
 * `apiFetch` reads one: the API's error body becomes an ApiError with its code and message, no
 * answer at all a network error.
 */
export function uploadFile<S extends z.ZodType>(
  url: string,
  file: Blob,
  { schema, method = 'POST', onProgress, signal, fallback }: UploadFileOptions<S>,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) =>
      onProgress?.({ sent: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException(t('upload.cancelled'), 'AbortError'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy's error page).
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = ErrorBodySchema.safeParse(body);
        if (parsed.success) {
          const { code, message, fields, requestId, details } = parsed.data.error;
          reject(new ApiError(xhr.status, code, message, fields ?? {}, requestId, details));
        } else {
          reject(
            fallback?.(xhr.status) ??
              new ApiError(xhr.status, 'common.bad_request', t('api.generic')),
          );
        }
        return;
      }
      const parsed = schema.safeParse(body);
      if (parsed.success) resolve(parsed.data as z.infer<S>);
      else reject(new ApiError(xhr.status, 'common.bad_response', t('api.generic')));
    };
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
