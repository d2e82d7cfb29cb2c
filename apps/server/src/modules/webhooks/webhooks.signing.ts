/**
 * Signing per the Standard Webhooks spec (https://www.standardwebhooks.com), through its own
 * library: `webhook-signature: v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">` keyed
 * with the base64-decoded secret. After a rotation the previous secret signs too for a while
 * (space-separated signatures), so a receiver can switch without losing deliveries.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A new message id (`webhook-id`): one per event, kept by its redeliveries. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** The three headers of one attempt, signed with every secret in `secrets`. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(messageId, at, body))
      .join(' '),
  };
}
