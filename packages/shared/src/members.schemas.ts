import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { ACCOUNT_ROLES } from './roles.ts';
import { TenantTagSchema } from './tenants.schemas.ts';
import { storableText } from './text.schemas.ts';

/** Invitations are valid this long. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Which of the account's client tenants a member reaches (docs/members.md, "Client-tenant
 * access"): every one (`all`), only the listed ones (`only`), those carrying one of the tags
 * (`tags`, read at every request, so a tenant tagged later reaches the team at once), or every
 * one but the listed ones (`except`). Owners always reach every client tenant.
 */
export const TENANT_ACCESS_MODES = ['all', 'only', 'tags', 'except'] as const;
export type TenantAccessMode = (typeof TENANT_ACCESS_MODES)[number];

export const TENANT_ACCESS_LIMITS = {
  /** Client tenants named by one member's access (`only` / `except`). */
  tenants: 500,
  /** Tags of one member's access. */
  tags: 20,
} as const;

/** A member's access as the server keeps it and applies it to every query. */
export interface TenantAccessRule {
  mode: TenantAccessMode;
  tenantIds: string[];
  tags: string[];
}

/** Whether a rule leaves out some client tenant (anything but `all`). */
export const isRestricted = (rule: TenantAccessRule | null | undefined): boolean =>
  rule != null && rule.mode !== 'all';

/** A member's client-tenant access as the members screen shows it. */
export const MemberTenantAccessSchema = z.object({
  mode: z.enum(TENANT_ACCESS_MODES),
  /** The named client tenants (`only`, `except`), with their names; empty otherwise. */
  tenants: z.array(z.object({ id: z.string(), name: z.string(), archived: z.boolean() })),
  /** The tags (`tags`); empty otherwise. */
  tags: z.array(z.string()),
  /** Changes with every change of the access: PUT sends the one it was read at. */
  version: z.number().int(),
});
export type MemberTenantAccess = z.infer<typeof MemberTenantAccessSchema>;

/** One member of the session's account (GET /api/v1/members). */
export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  joinedAt: z.string(),
  /** Has a second factor (an authenticator app or a passkey; docs/identity.md). */
  secondFactor: z.boolean(),
  /**
   * Their client-tenant access: every member's for a caller who reaches every client tenant,
   * only their own for a caller limited to some (null on the others' rows).
   */
  tenantAccess: MemberTenantAccessSchema.nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z.object({ members: z.array(MemberSchema) });
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberParamsSchema = z.object({ userId: IdSchema });

/** PATCH /api/v1/members/{userId} */
export const ChangeRoleSchema = z.object({
  role: z.enum(ACCOUNT_ROLES, { error: 'Choose owner, admin or member.' }),
});
export type ChangeRoleInput = z.infer<typeof ChangeRoleSchema>;

/** PUT /api/v1/members/{userId}/tenant-access */
export const SetTenantAccessSchema = z
  .object({
    mode: z.enum(TENANT_ACCESS_MODES, { error: 'Choose all, only, tags or except.' }),
    /** For `only` and `except`: client tenants of the account. */
    tenantIds: z
      .array(IdSchema)
      .max(TENANT_ACCESS_LIMITS.tenants, `At most ${TENANT_ACCESS_LIMITS.tenants} client tenants.`)
      .overwrite((ids) => [...new Set(ids)])
      .default([]),
    /** For `tags`: tenants carrying one of these tags. */
    tags: z
      .array(TenantTagSchema)
      .max(TENANT_ACCESS_LIMITS.tags, `At most ${TENANT_ACCESS_LIMITS.tags} tags.`)
      .overwrite((tags) => [...new Set(tags)])
      .default([]),
    /** The access's `version` as it was read (409 `members.access_conflict` when it moved). */
    version: z.number().int().min(0),
  })
  .superRefine((v, ctx) => {
    if ((v.mode === 'only' || v.mode === 'except') && v.tenantIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tenantIds'],
        message:
          v.mode === 'only'
            ? 'Choose at least one client tenant.'
            : 'Choose at least one client tenant to leave out.',
      });
    }
    if (v.mode === 'tags' && v.tags.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'Enter at least one tag.' });
    }
    if (v.mode !== 'only' && v.mode !== 'except' && v.tenantIds.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tenantIds'],
        message: 'Client tenants are chosen only with “only” or “except”.',
      });
    }
    if (v.mode !== 'tags' && v.tags.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['tags'],
        message: 'Tags are chosen only with “tags”.',
      });
    }
  });
export type SetTenantAccessInput = z.input<typeof SetTenantAccessSchema>;
export type SetTenantAccess = z.output<typeof SetTenantAccessSchema>;

/** POST /api/v1/invitations */
export const CreateInvitationSchema = z.object({
  email: storableText({ error: 'Enter an e-mail address.' })
    .trim()
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email({ error: 'Enter a valid e-mail address.' }))
    .transform((e) => e.toLowerCase()),
  role: z.enum(ACCOUNT_ROLES, { error: 'Choose owner, admin or member.' }),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationSchema>;

export const INVITATION_STATUSES = ['pending', 'expired', 'revoked', 'accepted'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A pending invitation as the inviting account sees it. */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  invitedByEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationListSchema>;

export const InvitationParamsSchema = z.object({ id: IdSchema });
export const InvitationTokenParamsSchema = z.object({ token: storableText().min(1).max(200) });

/** GET /api/v1/invitations/by-token/{token}: what the invitation page shows (public). */
export const InvitationPreviewSchema = z.object({
  accountName: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /api/v1/invitations/by-token/{token}/accept */
export const AcceptInvitationResultSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  role: z.enum(ACCOUNT_ROLES),
});
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

/** Error codes of this domain (besides the common ones). */
export const MEMBER_ERROR_CODES = {
  lastOwner: 'members.last_owner',
  alreadyMember: 'members.already_member',
  invitationUnusable: 'members.invitation_unusable',
  emailMismatch: 'members.email_mismatch',
  /** 400: a client tenant named in an access is not one of the account's. */
  unknownTenant: 'members.unknown_tenant',
  /** 409: the access changed since it was read; `details.current` is the access now. */
  accessConflict: 'members.access_conflict',
  /** 409: an owner always reaches every client tenant; their access cannot be limited. */
  ownerAccess: 'members.owner_access',
  /**
   * 403: a member limited to some client tenants may not do what reaches beyond them (set
   * anyone's access, invite, read the account's audit log).
   */
  accessRestricted: 'members.access_restricted',
} as const;
