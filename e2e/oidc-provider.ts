import { startTestIdp, type TestIdp } from '../apps/server/src/test/oidc-idp.ts';

/**
 * The OpenID provider of the single sign-on journey (e2e/sso.spec.ts): the server tests' real
 * `oidc-provider` (apps/server/src/test/oidc-idp.ts), on a port of its own beside the app's.
 * The app is started trusting this origin (SSO_IDP_ORIGINS in playwright.config.ts), since it
 * is on 127.0.0.1; nothing else of the suite uses it.
 */
export const IDP_PORT = Number(process.env.E2E_PORT ?? 4310) + 1000; // keep in step with playwright.config.ts
export const IDP_ORIGIN = `http://127.0.0.1:${IDP_PORT}`;

export function startIdp(): Promise<TestIdp> {
  return startTestIdp({ port: IDP_PORT });
}
