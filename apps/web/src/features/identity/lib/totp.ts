/**
 * The key of an authenticator app's otpauth:// URI (base32), for people who type it instead of
 * scanning the QR code; grouped by four for reading. Empty when the URI has none.
 */
export function totpSecret(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A code as typed: digits only (spaces and dashes dropped). */
export function cleanCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}
