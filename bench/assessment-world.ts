/**
 * What the assessment benchmarks set up through the real HTTP API of a running server: an
 * owner (signed up, address proven with the CLI, signed in), a client tenant, a published
 * framework of `questions` yes/no and maturity questions, and `assessments` assessments with
 * one respondent each (their tokens).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { cookieOf, root } from './lib.mjs';

export interface AssessmentWorld {
  cookie: string;
  tenantId: string;
  frameworkId: string;
  questionKeys: string[];
  assessments: Array<{ id: string; token: string }>;
  /** One assessment many respondents answer at once (`busyRespondents` tokens), when asked. */
  busy: { id: string; tokens: string[] } | null;
}

/**
 * fetch, tried again when a kept-alive connection turns out closed by the server (it closes
 * idle ones after 5 s, e.g. while the CLI runs): the request never reached it.
 */
async function fetchRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_SOCKET' || attempt >= 3) throw err;
    }
  }
}

async function call(base: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const res = await fetchRetrying(`${base}${path}`, {
    ...rest,
    method: rest.method ?? (json !== undefined ? 'POST' : 'GET'),
    headers: {
      origin: base,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * An owner on the Business plan (no plan limit in the benchmark's way: the owner is made a
 * system admin with the CLI, sets up an authenticator app as the service console asks of a
 * system admin, and comps their own account through the service console's API).
 */
export async function signUpOwner(base: string, env: Record<string, string>): Promise<string> {
  const user = {
    name: 'Bench Assessor',
    email: `assessor-${randomUUID().slice(0, 8)}@tenantry.test`,
    password: 'bench-password-1',
  };
  await call(base, '/api/auth/sign-up/email', { json: user });
  for (const command of ['verify-email', 'grant-admin']) {
    execFileSync('node', ['--import', 'tsx', 'apps/server/src/cli.ts', command, user.email], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'pipe',
    });
  }
  let cookie = cookieOf(
    await call(base, '/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
    }),
  );
  const me = (await (await call(base, '/api/v1/me', { headers: { cookie } })).json()) as {
    tid: string;
  };
  const enabled = (await (
    await call(base, '/api/auth/two-factor/enable', {
      headers: { cookie },
      json: { password: user.password },
    })
  ).json()) as { totpURI: string };
  const secret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
  const verified = await call(base, '/api/auth/two-factor/verify-totp', {
    headers: { cookie },
    json: { code: await generate({ secret }) },
  });
  // Setting up the second factor starts a new session: its cookie from here on.
  cookie = cookieOf(verified) || cookie;
  await call(base, `/api/v1/service/subscriptions/${me.tid}/comp`, {
    headers: { cookie },
    json: { plan: 'business', reason: 'Benchmark: no plan limit in the way' },
  });
  return cookie;
}

export function benchFramework(questions: number) {
  const keys = Array.from({ length: questions }, (_, i) => `BQ-${String(i + 1).padStart(3, '0')}`);
  const perSection = 10;
  const sections = [];
  for (let s = 0; s * perSection < questions; s++) {
    sections.push({
      key: `BS-${s + 1}`,
      title: `Section ${s + 1}`,
      target: 0.8,
      questions: keys
        .slice(s * perSection, (s + 1) * perSection)
        .map((key, i) =>
          i % 2 === 0
            ? { key, title: `Is ${key} in place?`, type: 'yes_no', naAllowed: true }
            : { key, title: `How mature is ${key}?`, type: 'maturity' },
        ),
    });
  }
  return {
    keys,
    document: {
      format: 'tenantry.framework/1',
      key: `bench-${randomUUID().slice(0, 8)}`,
      name: 'Benchmark framework',
      sections,
    },
  };
}

/** The value a write gives question number `i` (alternating yes/no and maturity). */
export const benchValue = (i: number, n: number): string | number =>
  i % 2 === 0 ? (['yes', 'partial', 'no'] as const)[n % 3]! : n % 6;

export async function setUpAssessments(
  base: string,
  cookie: string,
  opts: { assessments: number; questions: number; busyRespondents?: number },
): Promise<AssessmentWorld> {
  const headers = { cookie };
  const fw = benchFramework(opts.questions);
  const imported = (await (
    await call(base, '/api/v1/content/frameworks/import', {
      headers,
      json: { scope: 'private', document: fw.document },
    })
  ).json()) as { id: string; draftRevision: number };
  await call(base, `/api/v1/content/frameworks/${imported.id}/publish`, {
    headers,
    json: { revision: imported.draftRevision, releaseNotes: 'Benchmark' },
  });
  const tenant = (await (
    await call(base, '/api/v1/tenants', { headers, json: { name: 'Bench client' } })
  ).json()) as { id: string };
  const startOne = async (name: string) =>
    (await (
      await call(base, `/api/v1/tenants/${tenant.id}/assessments`, {
        headers,
        json: { frameworkId: imported.id, version: 1, name },
      })
    ).json()) as { id: string };
  const addRespondent = async (assessmentId: string, n: number) => {
    const r = (await (
      await call(base, `/api/v1/tenants/${tenant.id}/assessments/${assessmentId}/respondents`, {
        headers,
        json: {
          name: `Respondent ${n}`,
          email: `respondent-${n}@tenantry.test`,
          sendEmail: false,
        },
      })
    ).json()) as { link: string };
    return new URL(r.link).searchParams.get('token')!;
  };
  const assessments: AssessmentWorld['assessments'] = [];
  for (let i = 0; i < opts.assessments; i++) {
    const a = await startOne(`Bench ${i + 1}`);
    assessments.push({ id: a.id, token: await addRespondent(a.id, i + 1) });
  }
  let busy: AssessmentWorld['busy'] = null;
  if (opts.busyRespondents) {
    const a = await startOne('Bench: everyone at once');
    const tokens = [];
    for (let i = 0; i < opts.busyRespondents; i++) tokens.push(await addRespondent(a.id, 1000 + i));
    busy = { id: a.id, tokens };
  }
  return {
    cookie,
    tenantId: tenant.id,
    frameworkId: imported.id,
    questionKeys: fw.keys,
    assessments,
    busy,
  };
}

/**
 * One respondent's link on an assessment of a shipped framework (found by a search of the
 * library, e.g. "NIST"): what a real respondent opens. Returns the link's path and query.
 */
export async function shippedRespondentLink(
  base: string,
  cookie: string,
  search: string,
  /** The assessment's language for respondents (docs/languages.md), if any. */
  language?: string,
): Promise<string> {
  const headers = { cookie };
  const list = (await (
    await call(base, `/api/v1/library/frameworks?q=${encodeURIComponent(search)}`, { headers })
  ).json()) as { items: Array<{ id: string; name: string; latestVersion: number | null }> };
  const fw = list.items.find((f) => f.latestVersion != null);
  if (!fw) throw new Error(`no published framework matches "${search}"`);
  const tenant = (await (
    await call(base, '/api/v1/tenants', { headers, json: { name: 'Lighthouse client' } })
  ).json()) as { id: string };
  const a = (await (
    await call(base, `/api/v1/tenants/${tenant.id}/assessments`, {
      headers,
      json: {
        frameworkId: fw.id,
        version: fw.latestVersion,
        name: fw.name,
        ...(language ? { language } : {}),
      },
    })
  ).json()) as { id: string };
  const r = (await (
    await call(base, `/api/v1/tenants/${tenant.id}/assessments/${a.id}/respondents`, {
      headers,
      json: { name: 'Phone respondent', email: 'phone@tenantry.test', sendEmail: false },
    })
  ).json()) as { link: string };
  const link = new URL(r.link);
  return link.pathname + link.search;
}
