import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';
import { ACCOUNT_ROLES } from './roles.ts';
import { storableText } from './text.schemas.ts';

/** Invitations are valid this long. */
export const INVITATION_TTL_DAYS = 7;

/** One member of the session's account (GET /api/v1/members). */
export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  joinedAt: z.string(),
  /** Has a second factor (an authenticator app or a passkey; docs/identity.md). */
  secondFactor: z.boolean(),
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
} as const;
