import { AsyncLocalStorage } from 'node:async_hooks';
import type { SharedSignInContext } from './types.ts';

/**
 * The shared sign-in in progress, visible to Better Auth's hooks (auth/auth.ts) while
 * modules/sharing calls Better Auth's e-mail OTP endpoints on the server. It is how those hooks
 * know that
 * - the code e-mail is for a shared tenant (and which one, for the wording),
 * - a user created by this sign-in must NOT get an own account (a client's contact is no
 *   provider), and
 * - the new session belongs to this tenant (`sessions.shared_tenant_id`).
 * It cannot come from a request: only server code sets it, around one auth.api call.
 */
const storage = new AsyncLocalStorage<SharedSignInContext>();

export function runSharedSignIn<T>(ctx: SharedSignInContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(ctx, fn);
}

export function currentSharedSignIn(): SharedSignInContext | undefined {
  return storage.getStore();
}
