import { request, type ApiResult } from './api.ts';
import { API } from './contract.ts';

/** Whether this browser can use passkeys at all (WebAuthn). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window;
}

/**
 * Signs in with a passkey: Better Auth's challenge, this device's authenticator (the browser's
 * prompt, through @simplewebauthn/browser, loaded only now: the guest pages' budget), then
 * Better Auth's check, which opens the session. A prompt closed or timed out is status 0,
 * code `passkey.cancelled`.
 */
export async function signInWithPasskey(): Promise<ApiResult<unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const options = await request<Options>(API.passkeyOptions);
  if (!options.ok) return options;
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options.data });
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    return { ok: false, status: 0, code: 'passkey.cancelled', message, fields: {} };
  }
  return request<unknown>(API.passkeyVerify, { body: { response } });
}
