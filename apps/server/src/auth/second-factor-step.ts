import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from '@tenantry/shared';

/**
 * The second step a sign-in by code needs, read from what Better Auth answered: the gate of
 * auth/second-factor.ts turned the session into a challenge (`twoFactorRedirect`). Null when
 * the answer is a session.
 */
export function secondFactorStep(
  response: unknown,
): { status: 'second-factor'; methods: SecondFactorMethod[] } | null {
  if (!response || typeof response !== 'object') return null;
  const answer = response as { twoFactorRedirect?: unknown; twoFactorMethods?: unknown };
  if (answer.twoFactorRedirect !== true) return null;
  const listed = Array.isArray(answer.twoFactorMethods) ? answer.twoFactorMethods : [];
  const methods = SECOND_FACTOR_METHODS.filter((m) => listed.includes(m));
  return { status: 'second-factor', methods };
}
