/**
 * The server's refusals in the page's language (docs/languages.md): the server writes its
 * messages in English; the page says the codes it knows in its own words, from the `respondent`
 * catalogue, and shows the server's message only for a code it does not know (else its own
 * generic words).
 */
import { OTHER_CODES, WRITE_CODES } from './contract.ts';
import type { RespondentKey } from './i18n.ts';

/** A whole sentence for a refusal of any call, or null when the page has none for the code. */
export function serverErrorKey(code: string | null | undefined): RespondentKey | null {
  switch (code) {
    case OTHER_CODES.rateLimited:
      return 'server.rateLimited';
    case WRITE_CODES.locked:
    case OTHER_CODES.filesClosed:
      return 'server.closed';
    case WRITE_CODES.submitted:
      return 'server.submitted';
    default:
      return null;
  }
}

/** What to show for a refusal: the page's words for its code, else the server's, else `fallback`. */
export function serverErrorText(
  t: (key: RespondentKey) => string,
  error: { code?: string | null; message?: string | null } | null | undefined,
  fallback: string,
): string {
  const key = serverErrorKey(error?.code);
  if (key) return t(key);
  return error?.message || fallback;
}
