/**
 * What a request carries once the guards have run (a leaf: no app imports). Read through the
 * accessors of auth/guards.ts (`getSession`, `getClaims`, `getAccount`, `getAccountActor`,
 * `getTenant`).
 */
import type {
  AccountPermission,
  AccountRole,
  ApiKeyScope,
  CurrentUser,
  Locale,
  ShareRole,
  TenantAccessRule,
} from '@tenantry/shared';

export interface SessionState {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  expiresAt: Date;
  /** The client tenant of a shared sign-in (sessions.shared_tenant_id); null otherwise. */
  sharedTenantId: string | null;
}

/**
 * Claims as the server uses them: the current user the client sees, plus what authorisation
 * needs and the client is never sent (`toCurrentUser` strips it).
 */
export interface ServerClaims extends CurrentUser {
  /** The member's role in `tid`; null for a shared user. */
  accountRole: AccountRole | null;
  /** The share role on `ttid` for a shared user; null otherwise. */
  shareRole: ShareRole | null;
  /**
   * The account acted for (`tid`, or `ptid` for a shared user) is past due beyond its grace
   * period: reads only (docs/billing.md).
   */
  billingReadOnly: boolean;
  /**
   * The system admin who opened this session as the user (a support session, Better Auth's
   * admin-plugin impersonation); null for the user's own session.
   */
  impersonatedBy: string | null;
  /**
   * Set when the request is authenticated by an API key instead of a session: it acts as the
   * account `tid`, with the key's scopes only (auth/api-keys.ts).
   */
  apiKey: ApiKeyPrincipal | null;
  /**
   * The client tenants the member reaches (auth/tenant-access.ts), from their membership row in
   * the claims query; for an API key, its creator's. Null: every client tenant of the account
   * (owners, unrestricted members, shared users — whose one tenant is `ttid`).
   */
  tenantAccess: TenantAccessRule | null;
}

/** The API key a request was authenticated with. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  /** The one client tenant the key may reach; null for every tenant of the account. */
  tenantId: string | null;
  /** Whose client-tenant access the key acts within (its creator; null: older key, all). */
  accessUserId: string | null;
}

/**
 * The account a request acts for, taken from the session's claims, never from the request
 * (docs/decisions/0005). Services receive it and put `accountId` in every where; it is also
 * the actor of the audit entries they write.
 */
export interface AccountContext {
  accountId: string;
  role: AccountRole;
  userId: string;
  email: string;
  /** Only this client tenant of the account is reachable (a tenant-restricted API key). */
  onlyTenantId?: string | null;
  /**
   * The client tenants the caller reaches (null: all): every query reading tenants across the
   * account adds `tenantAccessWhere(scope)` (auth/tenant-access.ts).
   */
  tenantAccess?: TenantAccessRule | null;
  /**
   * Whose client-tenant access what the caller makes acts within (an API key's, a webhook
   * endpoint's `access_user_id`): the member themselves, or for an API key its creator (null
   * for a key older than tenant access).
   */
  accessUserId?: string | null;
  /**
   * Set when an API key acts (docs/developer.md): `userId` is then no user (`api-key:<id>`), so
   * a service records no user as the author of what the key makes.
   */
  apiKeyId?: string;
}

/**
 * Who may act on ONE client tenant and in which account it must be found. Decided from the
 * claims alone (no query): the route's service then looks the tenant up with
 * `where id = tenantId and account_id = accountId`, so a tenant of another account is simply
 * not found.
 */
export interface TenantContext {
  tenantId: string;
  /** The account the tenant must belong to: the member's `tid`, or the shared user's `ptid`. */
  accountId: string;
  userId: string;
  email: string;
  /** Set for a member of the account; null for a shared user. */
  accountRole: AccountRole | null;
  /** Set for a shared user of this tenant; null for a member. */
  shareRole: ShareRole | null;
  /**
   * The client tenants the caller reaches (null: all). The guard has already answered 404 when
   * `tenantId` is outside it; services use it for what they read of OTHER tenants.
   */
  tenantAccess?: TenantAccessRule | null;
}

/**
 * What a route under a tenant needs: `read` and `contribute` are open to members
 * (tenants.read / tenants.update) and to shared users of this tenant (tenant.read /
 * tenant.contribute); an account permission is for members only.
 */
export type TenantAccess = 'read' | 'contribute' | AccountPermission;

/** The system roles of the service console and the developer page. */
export type SystemRole = 'admin' | 'dev';

/** Who performed a change, as the audit log records it. */
export interface Actor {
  userId: string;
  email: string;
}

/**
 * The shared sign-in in progress, visible to Better Auth's hooks while modules/sharing calls
 * Better Auth's e-mail-code endpoints on the server (see auth/shared-signin-context.ts).
 */
export interface SharedSignInContext {
  /** The sharing account (its brand is on the code's e-mail). */
  accountId: string;
  tenantId: string;
  tenantName: string;
  accountName: string;
  /** The language the code's e-mail is written in (the sign-in page's, from Accept-Language). */
  locale?: Locale;
}
