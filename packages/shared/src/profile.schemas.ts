import { z } from 'zod';
import { PASSWORD_LIMITS } from './auth.schemas.ts';
import { SECOND_FACTOR_KINDS, SIGN_IN_METHODS } from './identity.schemas.ts';
import { storableText } from './text.schemas.ts';

/** A person's display name: what colleagues and clients see. */
export const DISPLAY_NAME_MAX = 100;

export const DisplayNameSchema = storableText({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`);

/** PATCH /api/v1/me */
export const UpdateProfileSchema = z.object({ displayName: DisplayNameSchema }).strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

/** A new password as the forms check it (the server checks the same limits). */
export const NewPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_LIMITS.min, `Use at least ${PASSWORD_LIMITS.min} characters.`)
  .max(PASSWORD_LIMITS.max, `Use at most ${PASSWORD_LIMITS.max} characters.`);

/** One signed-in session of the current user (admin/security). */
export const SessionInfoSchema = z.object({
  id: z.string(),
  /** The session of this very request. */
  current: z.boolean(),
  /** A session from a shared sign-in (it reaches one client tenant). */
  shared: z.boolean(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When it last made a request (to within a few minutes). */
  lastActiveAt: z.string(),
  /** How it signed in; null for a session from before this was recorded. */
  signInMethod: z.enum(SIGN_IN_METHODS).nullable(),
  /** The second factor it gave; null when none. */
  secondFactor: z.enum(SECOND_FACTOR_KINDS).nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

/** POST /api/v1/me/sessions/end-others */
export const EndedSessionsSchema = z.object({ ended: z.number().int().min(0) });
