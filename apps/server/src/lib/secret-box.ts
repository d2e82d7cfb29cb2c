/**
 * Secrets the app must use again later (an identity provider's client secret) are stored
 * encrypted: AES-256-GCM with a key derived from AUTH_SECRET for one purpose (HKDF-SHA256), a
 * random 96-bit nonce per value, and the purpose as associated data, so a value sealed for one
 * purpose never opens for another. A database dump alone does not reveal them. Changing
 * AUTH_SECRET makes them unreadable: they must be entered again (docs/sso.md).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const SEALED = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

export interface SecretBox {
  /** `v1.<nonce>.<tag>.<ciphertext>` (base64url). */
  seal(plain: string): string;
  /** The plain text; throws when the value was not sealed by this box (or was altered). */
  open(sealed: string): string;
}

/** Whether `value` has the form `seal` writes. */
export const isSealed = (value: string) => SEALED.test(value);

export function secretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tenantry-secret-box', purpose, 32));
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new Error('not a sealed value');
      const [, nonce = '', tag = '', body = ''] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    },
  };
}
