/**
 * The outsider suite's vocabulary (see README.md in this folder). A case file in `cases/`
 * exports `cases: OutsiderCase[]`, one entry per OpenAPI operation of its domain.
 */
import type { TargetIds } from '../world/targets.ts';

/** Who calls a route in the suite. Each is signed in (except `anonymous`) as described. */
export const PERSONAS = [
  /** No session at all. */
  'anonymous',
  /** The owner of a different account (with a client tenant of its own). */
  'otherAccountMember',
  /** A shared user whose grant is on a different client tenant than the victim's. */
  'sharedUserOfOtherTenant',
  /** A member (role `member`) of the victim account: tries owner/admin-only actions. */
  'member',
  /** A shared user with a `viewer` grant on the victim tenant: tried on writes only. */
  'viewer',
  /** No session; an API key of the other account carrying every scope (docs/developer.md). */
  'otherAccountKey',
  /** No session; the respondent token of another account's assessment. */
  'respondentOfOtherAssessment',
  /** No session; a respondent token of the victim's assessment for a section without the
   * victim question (`questionKey`). */
  'respondentOutsideSection',
  /** No session; an expired respondent token of the victim's assessment. */
  'expiredRespondent',
  /** No session; a revoked respondent token of the victim's assessment. */
  'revokedRespondent',
  /**
   * A member (role `member`) of the victim account limited to one client tenant T1
   * (`limitedTenantId`, client-tenant access `only`): every other tenant of the account — the
   * victim's `tenantId` (T2) and its objects among them — must be a 404 (docs/members.md).
   */
  'limitedMember',
  /** An admin of the victim account limited to the tenants tagged like T1 (access `tags`). */
  'limitedAdmin',
] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * The personas limited to T1, with their role: the suite derives what they may do on each
 * route from that role, and expects exactly 404 where the request names a tenant outside T1 or
 * one of its objects (the suite reads that from the database, not from a list of routes).
 */
export const LIMITED_PERSONAS = { limitedMember: 'member', limitedAdmin: 'admin' } as const;
export type LimitedPersona = keyof typeof LIMITED_PERSONAS;
export const isLimited = (p: Persona): p is LimitedPersona => p in LIMITED_PERSONAS;

/** The personas that carry a respondent token (and no session). */
export const RESPONDENT_PERSONAS: readonly Persona[] = [
  'respondentOfOtherAssessment',
  'respondentOutsideSection',
  'expiredRespondent',
  'revokedRespondent',
];

/**
 * Who may legitimately succeed on a route:
 * - `public`: anyone, signed in or not (the suite then checks: no 5xx, no victim data in the
 *   answer, and, unless `mutates`, no change to tenant-owned tables);
 * - `self`: any signed-in person, acting on their own data only (same checks);
 * - `accountMember`: any signed-in member of an account (of any account), acting on their own
 *   data only (same checks); shared users are refused (the roadmap, feedback);
 * - `systemadmin`: system admins only (none of the personas is one);
 * - `owner` / `admin`: documentation of the victim account roles that may do it;
 * - `member` / `viewer` / `contributor`: that persona/role may succeed, so it is not tried;
 * - `respondent`: a live respondent token acts on its own part (the respondent personas with a
 *   valid token — of another assessment, or for other sections — may succeed; expired and
 *   revoked tokens must still be refused). Respondent personas are refused everywhere else.
 */
export type Allow =
  | 'public'
  | 'self'
  | 'accountMember'
  | 'systemadmin'
  | 'owner'
  | 'admin'
  | 'member'
  | 'viewer'
  | 'contributor'
  | 'respondent';

/**
 * Ids of the fixture world a case builds its request from (the victim's data): the test
 * world's targets, made in the victim account (`TargetIds`, ../world/targets.ts: a client
 * tenant `tenantId`, its assessments, content, tasks, reports, tickets…), and these.
 */
export interface WorldIds extends TargetIds {
  /** The victim account (its owner is not a persona; it runs the controls). */
  victimAccountId: string;
  victimOwnerUserId: string;
  victimOwnerEmail: string;
  /** Another client tenant of the victim account (sharedUserOfOtherTenant's grant is here). */
  siblingTenantId: string;
  /** The viewer persona's grant on `tenantId`. */
  viewerGrantId: string;
  /** T1: the one client tenant of the victim account the limited personas reach. */
  limitedTenantId: string;
  /** The other account and one of its client tenants. */
  otherAccountId: string;
  otherTenantId: string;
  /** The question answered in `assessmentId` (in section A; respondentOutsideSection has B). */
  questionKey: string;
}

export interface CaseRequest {
  /** Full path with the query string, e.g. `/api/v1/tenants/${ids.tenantId}?tab=overview`. */
  path: string;
  /** JSON body (writes). A valid body: the control sends the same request. */
  json?: unknown;
  /** A raw body instead (an evidence upload: the file's bytes). */
  body?: string;
  headers?: Record<string, string>;
}

export interface OutsiderCase {
  /** `METHOD path` exactly as in the OpenAPI document, e.g. `GET /api/v1/tenants/{tenantId}`. */
  route: string;
  allow: readonly Allow[];
  /** A valid request against the victim's data. */
  request(ids: WorldIds): CaseRequest;
  /**
   * Whether a successful call changes data. Default: true for every method but GET/HEAD.
   * The viewer persona is tried on mutating routes only.
   */
  mutates?: boolean;
  /**
   * Who proves that `request` is valid by getting a 2xx: the victim's `owner` (default), a
   * `systemadmin` (default when allow is only systemadmin), or `none` (say why in a comment).
   * Controls run after all outsider calls; a mutating control gets fresh targets first.
   */
  control?: 'owner' | 'systemadmin' | 'respondent' | 'none';
  /**
   * The answer is a Server-Sent Events stream that stays open: a 2xx is read for its status
   * and headers only, then the body is cancelled.
   */
  stream?: boolean;
  /**
   * Allowed personas whose call would change the shared fixture world for the cases after it
   * (e.g. the member persona leaving the victim account): not called. Say why in a comment;
   * the module's own tests cover that path.
   */
  notCalledAs?: readonly Persona[];
}
