import { z } from 'zod';
import { storableText } from './text.schemas.ts';

/**
 * Every action the audit log records, namespaced by domain. A new action is added here first:
 * the server's `recordAudit` accepts only these, and the audit screen must label each one.
 */
export const AUDIT_ACTIONS = [
  'account.renamed',
  'account.logo_updated',
  'account.brand_updated',
  'account.reminder_settings_changed',
  'members.invited',
  'members.invitation_revoked',
  'members.joined',
  'members.role_changed',
  'members.access_changed',
  'members.removed',
  'members.left',
  /** An owner reset a member's lost second factors (docs/identity.md). */
  'members.second_factors_reset',
  /** The owners turned "require a second factor" on or off (`data.required`). */
  'security.second_factor_policy_changed',
  'api_keys.created',
  'api_keys.revoked',
  'api_keys.used',
  /** A member made (or made again) their calendar feed's secret address (docs/calendar.md). */
  'calendar_feeds.created',
  'calendar_feeds.revoked',
  'tenants.created',
  'tenants.updated',
  'tenants.archived',
  'tenants.restored',
  'tenants.baseline_set',
  'tenants.baseline_cleared',
  'sharing.shared',
  'sharing.role_changed',
  'sharing.revoked',
  'content.created',
  'content.imported',
  'content.published',
  'content.unpublished',
  'content.archived',
  'content.restored',
  'content.deleted',
  'content.draft_discarded',
  'content.forked',
  'content.upstream_taken',
  'assessments.created',
  'assessments.updated',
  'assessments.started',
  'assessments.completed',
  'assessments.reopened',
  'assessments.deleted',
  'assessments.respondent_added',
  'assessments.respondent_resent',
  'assessments.respondent_revoked',
  'assessments.respondent_submitted',
  'assessments.respondent_reminded',
  'assessments.respondent_reminders_stopped',
  'assessments.respondent_reminders_resumed',
  'assessments.reminder_settings_changed',
  'assessments.carried_forward',
  'assessments.carry_forward_undone',
  'assessments.started_from_previous',
  'schedules.created',
  'schedules.updated',
  'schedules.paused',
  'schedules.resumed',
  'schedules.ended',
  'tasks.created',
  'tasks.created_from_gaps',
  'tasks.created_across_clients',
  'tasks.updated',
  'tasks.status_changed',
  'tasks.deleted',
  'billing.subscribed',
  'billing.plan_changed',
  'billing.canceled',
  'billing.resumed',
  'billing.past_due',
  'billing.payment_recovered',
  'billing.trial_extended',
  'billing.comped',
  'roadmap.created',
  'roadmap.updated',
  'roadmap.approved',
  'roadmap.status_changed',
  'roadmap.merged',
  'webhooks.created',
  'webhooks.updated',
  'webhooks.deleted',
  'webhooks.secret_rotated',
  // Security events (system-wide unless an account is concerned).
  'auth.signed_in',
  'auth.sign_in_failed',
  // The service console's actions (docs/service-console.md): a system admin is the actor.
  'service.account_suspended',
  'service.account_restored',
  'service.account_export_requested',
  'service.account_deletion_scheduled',
  'service.account_deletion_canceled',
  'service.account_deleted',
  'service.ownership_transferred',
  'service.note_added',
  'service.note_deleted',
  'service.tenant_viewed',
  'service.user_session_ended',
  'service.user_sessions_ended',
  'service.verification_resent',
  'service.password_reset_sent',
  'service.user_disabled',
  'service.user_enabled',
  'service.second_factors_reset',
  'service.role_granted',
  'service.role_revoked',
  'service.job_retried',
  'service.job_deleted',
  'service.audit_verified',
  'service.audit_exported',
  'service.analytics_refreshed',
  // Support access: the owners' grant, and a system admin's support session in the account.
  'support_access.granted',
  'support_access.revoked',
  'support_access.started',
  'support_access.ended',
  'support_access.request',
  // Single sign-on (docs/sso.md): the owners' settings, and who joined through it.
  'sso.configured',
  'sso.removed',
  'sso.domain_added',
  'sso.domain_verified',
  'sso.domain_removed',
  'sso.member_joined',
  // Evidence (docs/evidence.md): files uploaded, replaced by a new revision, deleted.
  'evidence.uploaded',
  'evidence.replaced',
  'evidence.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit log entry (GET /api/v1/audit). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  /** One of AUDIT_ACTIONS for entries written by this version; older ones may differ. */
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditQuerySchema = z.object({
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
