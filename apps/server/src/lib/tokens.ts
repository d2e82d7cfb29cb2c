import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed to people once (links, API keys): random bytes in URL-safe base64, stored only
 * as their SHA-256. A secret of 32 random bytes cannot be guessed, so a fast hash is enough and
 * a lookup by hash costs nothing per request.
 */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Hex SHA-256 of a secret: what the database keeps and looks it up by. */
export const sha256Hex = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
