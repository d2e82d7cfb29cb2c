/**
 * Reading an identity provider's OpenID Connect discovery document when an owner connects it
 * (docs/sso.md): `{issuer}/.well-known/openid-configuration`, checked with the SSO plugin's own
 * rules (the issuer it names must be the one entered; the endpoints it needs are there), and
 * stored, so that no sign-in has to read it again. The fetch reaches only public addresses
 * (the webhooks' guard: resolved, checked and connected to the checked address) over https,
 * unless the issuer's origin is listed in SSO_IDP_ORIGINS; no redirect is followed, the answer
 * is at most 256 KB and 10 seconds away.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  computeDiscoveryUrl,
  DiscoveryError,
  normalizeDiscoveryUrls,
  selectTokenEndpointAuthMethod,
  validateDiscoveryDocument,
} from '@better-auth/sso';
import { hostOf, isPrivateAddress, publicOnlyLookup } from '../webhooks/webhooks.url-guard.ts';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

/** The stored part of the provider's configuration that discovery gives. */
export interface DiscoveredProvider {
  /** The issuer exactly as the provider writes it in its tokens (`iss`). */
  issuer: string;
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint: string | undefined;
  tokenEndpointAuthentication: 'client_secret_basic' | 'client_secret_post';
}

/** Why an issuer cannot be used: a sentence for the `issuer` field. */
export class IssuerRefused extends Error {
  override name = 'IssuerRefused';
}

/** Whether `url` may be reached: https (or a listed origin), never a private address literal. */
export function issuerUrlRefusal(raw: string, listedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid URL.';
  }
  if (listedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'Use an https:// address.';
  if (url.username || url.password) return 'Leave the user name and password out of the URL.';
  const host = hostOf(url);
  if (
    (isIP(host) && isPrivateAddress(host)) ||
    host === 'localhost' ||
    host.endsWith('.localhost')
  ) {
    return 'This is a private address; use the identity provider’s public address.';
  }
  return null;
}

function getJson(raw: string, listed: boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const url = new URL(raw);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      headers: { accept: 'application/json', 'user-agent': 'Tenantry-SSO/1.0' },
      ...(listed ? {} : { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(() => {
      req.destroy(new IssuerRefused(`No answer from ${url.host} within 10 seconds.`));
    }, TIMEOUT_MS);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (err instanceof IssuerRefused) return reject(err);
      if (err.name === 'PrivateAddressError') {
        return reject(new IssuerRefused(`${err.message} Use a public address.`));
      }
      reject(new IssuerRefused(`${url.host} could not be reached (${err.code ?? err.message}).`));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        clearTimeout(timer);
        res.destroy();
        const why =
          status >= 300 && status < 400 ? `a redirect (${status}), not followed` : `HTTP ${status}`;
        return reject(new IssuerRefused(`The discovery document answered ${why}.`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) {
          res.destroy(new IssuerRefused('The discovery document is larger than 256 KB.'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err instanceof IssuerRefused ? err : new IssuerRefused(err.message));
      });
      res.on('end', () => {
        clearTimeout(timer);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new IssuerRefused('The discovery document is not JSON.'));
        }
      });
    });
    req.end();
  });
}

/**
 * The provider's endpoints from its discovery document. Throws IssuerRefused with a sentence
 * for the `issuer` field.
 */
export async function discoverProvider(
  issuer: string,
  listedOrigins: readonly string[],
): Promise<DiscoveredProvider> {
  const discoveryEndpoint = computeDiscoveryUrl(issuer);
  const refusal = issuerUrlRefusal(discoveryEndpoint, listedOrigins);
  if (refusal) throw new IssuerRefused(refusal);
  const listed = listedOrigins.includes(new URL(discoveryEndpoint).origin);
  const doc = await getJson(discoveryEndpoint, listed);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new IssuerRefused('The discovery document is not a JSON object.');
  }
  try {
    const document = doc as Parameters<typeof validateDiscoveryDocument>[0];
    validateDiscoveryDocument(document, issuer);
    // Every endpoint must be one the sign-in may reach (the plugin checks again, resolved).
    const normalized = normalizeDiscoveryUrls(
      document,
      issuer,
      (url) => issuerUrlRefusal(url, listedOrigins) === null,
    );
    const method = selectTokenEndpointAuthMethod(normalized);
    if (method !== 'client_secret_basic' && method !== 'client_secret_post') {
      throw new IssuerRefused(
        'The provider takes no client secret at its token endpoint (client_secret_basic or client_secret_post).',
      );
    }
    return {
      issuer: normalized.issuer,
      discoveryEndpoint,
      authorizationEndpoint: normalized.authorization_endpoint,
      tokenEndpoint: normalized.token_endpoint,
      jwksEndpoint: normalized.jwks_uri,
      userInfoEndpoint: normalized.userinfo_endpoint,
      tokenEndpointAuthentication: method,
    };
  } catch (err) {
    if (err instanceof DiscoveryError) throw new IssuerRefused(err.message);
    throw err;
  }
}
