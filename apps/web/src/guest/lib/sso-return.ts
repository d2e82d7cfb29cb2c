/** Back from the identity provider with a refusal: `?sso=failed&error=…` (docs/sso.md). */
export function ssoReturnOf(search: string): { failed: boolean; error: string | null } | null {
  const params = new URLSearchParams(search);
  const sso = params.get('sso');
  if (!sso) return null;
  return { failed: sso === 'failed', error: params.get('error') };
}
