/**
 * A real OpenID Connect identity provider for the single sign-on tests (docs/sso.md): the
 * certified `oidc-provider`, on 127.0.0.1, with a small list of people who sign in with an
 * e-mail and a password on its own login page, and dynamic client registration (the test
 * registers Tenantry's redirect URI as an owner would at Entra ID or Google). A person can be
 * disabled: their sessions at the provider end and its login page refuses them, as Entra ID
 * does for a blocked user. Used by the server tests and by Playwright (e2e/oidc-provider.ts).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type KoaContextWithOIDC,
} from 'oidc-provider';

export interface IdpPerson {
  email: string;
  password: string;
  name: string;
  disabled?: boolean;
}

export interface TestIdp {
  /** The issuer (`http://127.0.0.1:{port}`), which is also its origin. */
  issuer: string;
  /** Registers a client for this redirect URI (RFC 7591), as an owner does at their provider. */
  registerClient(redirectUri: string): Promise<{ clientId: string; clientSecret: string }>;
  addPerson(person: IdpPerson): void;
  /** Blocks the person: their sessions here end, and the login page refuses them. */
  disable(email: string): void;
  close(): Promise<void>;
}

/** In-memory storage that can end a person's sessions (oidc-provider's Adapter interface). */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expires: number }>();
  const key = (model: string, id: string) => `${model}:${id}`;
  const live = (k: string) => {
    const hit = store.get(k);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      store.delete(k);
      return undefined;
    }
    return hit.payload;
  };
  class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(key(this.model, id), { payload, expires: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(key(this.model, id));
    }
    async findByUserCode(userCode: string) {
      for (const [k, v] of store) {
        if (k.startsWith(`${this.model}:`) && v.payload.userCode === userCode) return live(k);
      }
      return undefined;
    }
    async findByUid(uid: string) {
      for (const [k, v] of store) {
        if (k.startsWith(`${this.model}:`) && v.payload.uid === uid) return live(k);
      }
      return undefined;
    }
    async consume(id: string) {
      const hit = store.get(key(this.model, id));
      if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(key(this.model, id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
    }
  }
  /** Ends every session and grant of the account `accountId`. */
  const endSessionsOf = (accountId: string) => {
    for (const [k, v] of store) if (v.payload.accountId === accountId) store.delete(k);
  };
  return { MemoryAdapter, endSessionsOf };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width"></head>
<body style="font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto">
<h1>Test identity provider</h1>${body}</body></html>`;
}

function loginForm(uid: string, email: string, error?: string): string {
  return page(
    'Sign in',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<p><label>E-mail <input name="email" type="email" value="${escape(email)}"></label></p>
<p><label>Password <input name="password" type="password"></label></p>
<p><button type="submit">Sign in to the test provider</button></p>
</form>`,
  );
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider on 127.0.0.1 (`port` 0: any free port). */
export async function startTestIdp(
  options: { port?: number; people?: IdpPerson[] } = {},
): Promise<TestIdp> {
  const people = new Map<string, IdpPerson & { sub: string }>();
  const addPerson = (p: IdpPerson) =>
    people.set(p.email.toLowerCase(), {
      ...p,
      sub: people.get(p.email.toLowerCase())?.sub ?? randomUUID(),
    });
  for (const p of options.people ?? []) addPerson(p);
  const bySub = (sub: string) => [...people.values()].find((p) => p.sub === sub);

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-idp',
    alg: 'RS256',
    use: 'sig',
  };
  const { MemoryAdapter, endSessionsOf } = memoryAdapter();

  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-idp-cookie-key-0123456789abcdef'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = bySub(sub);
      if (!person || person.disabled) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: person.email, email_verified: true, name: person.name };
        },
      };
    },
    // The first-party case: no consent screen; the grant covers what the client asks.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const hint = String(details.params.login_hint ?? '');
        const html = (status: number, body: string) => {
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(body);
        };
        if (details.prompt.name !== 'login') {
          // The grant is made by loadExistingGrant; nothing to ask.
          await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
          return;
        }
        if (req.method === 'GET' && !match[2]) return html(200, loginForm(details.uid, hint));
        if (req.method !== 'POST' || !match[2]) return html(405, page('Not allowed', ''));
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const person = people.get(email);
        if (!person || person.password !== form.get('password')) {
          return html(401, loginForm(details.uid, email, 'Wrong e-mail or password.'));
        }
        if (person.disabled) {
          return html(
            403,
            page(
              'Blocked',
              '<p role="alert">This account has been disabled by your administrator.</p>',
            ),
          );
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: person.sub } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${(err as Error).message}`);
      }
    })();
  });

  return {
    issuer,
    addPerson,
    async registerClient(redirectUri) {
      const res = await fetch(`${issuer}/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        }),
      });
      if (res.status !== 201)
        throw new Error(`client registration: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { client_id: string; client_secret: string };
      return { clientId: body.client_id, clientSecret: body.client_secret };
    },
    disable(email) {
      const person = people.get(email.toLowerCase());
      if (!person) throw new Error(`no such person at the provider: ${email}`);
      person.disabled = true;
      endSessionsOf(person.sub);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
