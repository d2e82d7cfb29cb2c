import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { existingAccountEmail } from './emails.ts';
import { sessionCookieKey } from './session-cache.ts';

/**
 * Mounts Better Auth under /api/auth. The client address for rate limiting comes from the
 * socket (set by the caller's resolver), never from a client-sent header.
 */
export function createAuthHandler(auth: Auth, deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = deps.clientIp(c);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);

    const isSignUp = c.req.method === 'POST' && c.req.path === '/api/auth/sign-up/email';
    const signUpBody = isSignUp ? await readJson(c.req.raw.clone()) : undefined;

    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      init.body = await c.req.raw.arrayBuffer();
    }
    if (c.req.method === 'POST' && c.req.path === '/api/auth/change-password') {
      // A new password always ends the other sessions, whatever the client asked for.
      const body = await readJson(new Response(init.body as ArrayBuffer));
      if (body) init.body = JSON.stringify({ ...body, revokeOtherSessions: true });
    }
    const isSignOut = c.req.method === 'POST' && c.req.path === '/api/auth/sign-out';
    const signingOut = isSignOut
      ? await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
      : null;

    const response = await auth.handler(new Request(c.req.raw.url, init));

    if (signingOut && response.ok) {
      // Drop it from this process's cache at once (the claims query refuses it anyway).
      const cache = deps.sessionCache;
      cache.revokeSession(signingOut.session.id);
      const key = sessionCookieKey(c.req.header('cookie'));
      if (key) cache.delete(key);
    }

    if (isSignUp && response.status === 422) {
      return hideExistingAccount(auth, deps, response, signUpBody);
    }
    return response;
  };
}

async function readJson(req: Request | Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await req.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * No account enumeration (ASVS 6.3.8): with autoSignIn Better Auth answers 422
 * USER_ALREADY_EXISTS for a taken address. We answer the same 200 shape Better Auth uses for
 * a sign-up without a session (`token: null`), spend the time a password hash takes, and tell
 * the owner of the address by e-mail instead.
 */
async function hideExistingAccount(
  auth: Auth,
  deps: AppDeps,
  response: Response,
  body: Record<string, unknown> | undefined,
): Promise<Response> {
  const error = (await readJson(response.clone())) ?? {};
  if (error.code !== 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || !body) return response;
  const email = String(body.email ?? '').toLowerCase();
  const password = typeof body.password === 'string' ? body.password : 'placeholder-password';
  const ctx = await auth.$context;
  await ctx.password.hash(password);
  const { publicUrl } = deps.config;
  try {
    await deps.mailer.send(
      existingAccountEmail(email, `${publicUrl}/signin`, `${publicUrl}/forgot-password`),
    );
  } catch (err) {
    deps.logger.warn({ err }, 'could not send the existing-account notice');
  }
  const now = new Date().toISOString();
  return Response.json({
    token: null,
    user: {
      id: randomUUID(),
      email,
      name: typeof body.name === 'string' ? body.name : '',
      image: null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    },
  });
}
