import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@tenantry/shared';
import { t } from '../messages.ts';
import {
  fieldList,
  num,
  planName,
  signedIn,
  signInFailed,
  str,
  taskStatus,
  type Describe,
} from './audit-words.ts';

/** One sentence per audit action: a new action in AUDIT_ACTIONS fails to compile until labelled. */
const LABELS: Record<AuditAction, Describe> = {
  'account.renamed': (d) => t('entry.account.renamed', { from: str(d.from), to: str(d.to) }),
  'account.logo_updated': () => t('entry.account.logoUpdated'),
  'account.brand_updated': (d) =>
    Array.isArray(d.changed)
      ? t('entry.account.brandUpdated', { changed: d.changed.map(str).join(', ') })
      : t('entry.account.brandUpdatedSettings'),
  'account.reminder_settings_changed': () => t('entry.account.reminderSettingsChanged'),
  'members.invited': (d) => t('entry.members.invited', { email: str(d.email), role: str(d.role) }),
  'members.invitation_revoked': (d) =>
    t('entry.members.invitationRevoked', { email: str(d.email) }),
  'members.joined': (d) => t('entry.members.joined', { email: str(d.email), role: str(d.role) }),
  'members.role_changed': (d) =>
    t('entry.members.roleChanged', { email: str(d.email), from: str(d.from), to: str(d.to) }),
  'members.access_changed': (d) =>
    t('entry.members.accessChanged', {
      email: str(d.email),
      from: str(d.fromText),
      to: str(d.toText),
    }),
  'members.removed': (d) => t('entry.members.removed', { email: str(d.email) }),
  'members.second_factors_reset': (d) =>
    t('entry.members.secondFactorsReset', { email: str(d.email) }),
  'security.second_factor_policy_changed': (d) =>
    d.required === true
      ? t('entry.security.secondFactorRequired')
      : t('entry.security.secondFactorNotRequired'),
  'members.left': (d) => t('entry.members.left', { email: str(d.email) }),
  'api_keys.created': (d) => t('entry.apiKeys.created', { name: str(d.name) }),
  'api_keys.revoked': (d) => t('entry.apiKeys.revoked', { name: str(d.name) }),
  'api_keys.used': (d) =>
    t('entry.apiKeys.used', { method: str(d.method), path: str(d.path), status: str(d.status) }),
  'calendar_feeds.created': (d) =>
    d.replaced === true ? t('entry.calendarFeeds.replaced') : t('entry.calendarFeeds.created'),
  'calendar_feeds.revoked': () => t('entry.calendarFeeds.revoked'),
  'webhooks.created': (d) => t('entry.webhooks.created', { url: str(d.url) }),
  'webhooks.updated': (d) => t('entry.webhooks.updated', { url: str(d.url) }),
  'webhooks.deleted': (d) => t('entry.webhooks.deleted', { url: str(d.url) }),
  'webhooks.secret_rotated': (d) => t('entry.webhooks.secretRotated', { url: str(d.url) }),
  'tenants.created': (d) => t('entry.tenants.created', { name: str(d.name) }),
  'tenants.updated': (d) =>
    t('entry.tenants.updated', { fields: fieldList(d.fields), name: str(d.name) }),
  'tenants.archived': (d) => t('entry.tenants.archived', { name: str(d.name) }),
  'tenants.restored': (d) => t('entry.tenants.restored', { name: str(d.name) }),
  'tenants.baseline_set': (d) =>
    t('entry.tenants.baselineSet', {
      assessment: str(d.assessmentName),
      tenant: str(d.tenantName),
    }),
  'tenants.baseline_cleared': (d) =>
    t('entry.tenants.baselineCleared', { tenant: str(d.tenantName) }),
  'sharing.shared': (d) =>
    t('entry.sharing.shared', {
      tenant: str(d.tenantName),
      email: str(d.email),
      role: str(d.role),
    }),
  'sharing.role_changed': (d) =>
    t('entry.sharing.roleChanged', { email: str(d.email), from: str(d.from), to: str(d.to) }),
  'sharing.revoked': (d) => t('entry.sharing.revoked', { email: str(d.email) }),
  'content.created': (d) => t('entry.content.created', { kind: str(d.kind), title: str(d.title) }),
  'content.imported': (d) => t('entry.content.imported', { title: str(d.title) }),
  'content.published': (d) =>
    d.version
      ? t('entry.content.publishedVersion', {
          version: str(String(d.version)),
          kind: str(d.kind),
          title: str(d.title),
        })
      : t('entry.content.published', { kind: str(d.kind), title: str(d.title) }),
  'content.unpublished': (d) =>
    t('entry.content.unpublished', { kind: str(d.kind), title: str(d.title) }),
  'content.archived': (d) =>
    t('entry.content.archived', { kind: str(d.kind), title: str(d.title) }),
  'content.restored': (d) =>
    t('entry.content.restored', { kind: str(d.kind), title: str(d.title) }),
  'content.deleted': (d) => t('entry.content.deleted', { kind: str(d.kind), title: str(d.title) }),
  'content.draft_discarded': (d) => t('entry.content.draftDiscarded', { title: str(d.title) }),
  'content.forked': (d) =>
    t('entry.content.forked', {
      upstream: str(d.upstream),
      version: str(d.upstreamVersion),
      title: str(d.title),
    }),
  'content.upstream_taken': (d) =>
    t('entry.content.upstreamTaken', {
      taken: str(d.taken),
      upstream: str(d.upstream),
      version: str(d.toVersion),
      title: str(d.title),
    }),
  'assessments.created': (d) => t('entry.assessments.created', { name: str(d.name) }),
  'assessments.updated': (d) =>
    t('entry.assessments.updated', { fields: fieldList(d.fields), name: str(d.name) }),
  'assessments.started': (d) => t('entry.assessments.started', { name: str(d.name) }),
  'assessments.completed': (d) => t('entry.assessments.completed', { name: str(d.name) }),
  'assessments.reopened': (d) => t('entry.assessments.reopened', { name: str(d.name) }),
  'assessments.deleted': (d) => t('entry.assessments.deleted', { name: str(d.name) }),
  'assessments.carried_forward': (d) =>
    t('entry.assessments.carriedForward', {
      name: str(d.name),
      from: num(d.from),
      to: num(d.to),
      carried: num(d.carried),
      review: num(d.review),
      setAside: num(d.setAside),
      added: num(d.added),
    }),
  'assessments.carry_forward_undone': (d) =>
    t('entry.assessments.carryForwardUndone', {
      name: str(d.name),
      from: num(d.from),
      to: num(d.to),
    }),
  'assessments.started_from_previous': (d) =>
    t(
      d.scheduleId
        ? 'entry.assessments.startedFromPreviousBySchedule'
        : 'entry.assessments.startedFromPrevious',
      {
        name: str(d.name),
        previous: str(d.previousName),
        carried: num(d.carried),
        reinvited: num(d.reinvited),
      },
    ),
  'schedules.created': (d) =>
    t('entry.schedules.created', {
      cadence: str(d.cadence),
      framework: str(d.framework),
      target: str(d.target),
    }),
  'schedules.updated': (d) =>
    t('entry.schedules.updated', { framework: str(d.framework), target: str(d.target) }),
  'schedules.paused': (d) =>
    t('entry.schedules.paused', { framework: str(d.framework), target: str(d.target) }),
  'schedules.resumed': (d) =>
    t('entry.schedules.resumed', { framework: str(d.framework), target: str(d.target) }),
  'schedules.ended': (d) =>
    t('entry.schedules.ended', { framework: str(d.framework), target: str(d.target) }),
  'assessments.respondent_added': (d) =>
    t('entry.assessments.respondentAdded', { respondent: str(d.respondent), name: str(d.name) }),
  'assessments.respondent_resent': (d) =>
    t('entry.assessments.respondentResent', { respondent: str(d.respondent), name: str(d.name) }),
  'assessments.respondent_revoked': (d) =>
    t('entry.assessments.respondentRevoked', { respondent: str(d.respondent), name: str(d.name) }),
  'assessments.respondent_reminded': (d) =>
    t('entry.assessments.respondentReminded', { respondent: str(d.respondent), name: str(d.name) }),
  'assessments.respondent_reminders_stopped': (d) =>
    t('entry.assessments.respondentRemindersStopped', {
      respondent: str(d.respondent),
      name: str(d.name),
    }),
  'assessments.respondent_reminders_resumed': (d) =>
    t('entry.assessments.respondentRemindersResumed', {
      respondent: str(d.respondent),
      name: str(d.name),
    }),
  'assessments.reminder_settings_changed': (d) =>
    t('entry.assessments.reminderSettingsChanged', { name: str(d.name) }),
  'assessments.respondent_submitted': (d) =>
    t('entry.assessments.respondentSubmitted', {
      respondent: str(d.respondent),
      name: str(d.name),
    }),
  'tasks.created': (d) => t('entry.tasks.created', { title: str(d.title) }),
  'tasks.created_from_gaps': (d) =>
    t('entry.tasks.createdFromGaps', {
      created: num(d.created),
      gaps: num(d.gaps),
      name: str(d.name),
    }),
  'tasks.created_across_clients': (d) =>
    t('entry.tasks.createdAcrossClients', {
      created: num(d.created),
      question: str(d.questionTitle),
    }),
  'tasks.updated': (d) =>
    t('entry.tasks.updated', { fields: fieldList(d.fields), title: str(d.title) }),
  'tasks.status_changed': (d) =>
    t('entry.tasks.statusChanged', {
      title: str(d.title),
      from: taskStatus(d.from),
      to: taskStatus(d.to),
    }),
  'tasks.deleted': (d) => t('entry.tasks.deleted', { title: str(d.title) }),
  'billing.subscribed': (d) =>
    t('entry.billing.subscribed', { plan: planName(d.plan), interval: str(d.interval) }),
  'billing.plan_changed': (d) =>
    t('entry.billing.planChanged', {
      from: planName(d.from),
      to: planName(d.to),
      interval: str(d.interval),
    }),
  'billing.canceled': (d) =>
    d.atPeriodEnd === true
      ? t('entry.billing.canceledAtPeriodEnd', { plan: planName(d.plan) })
      : t('entry.billing.canceled', { plan: planName(d.plan) }),
  'billing.resumed': (d) => t('entry.billing.resumed', { plan: planName(d.plan) }),
  'billing.past_due': (d) => t('entry.billing.pastDue', { plan: planName(d.plan) }),
  'billing.payment_recovered': (d) =>
    t('entry.billing.paymentRecovered', { plan: planName(d.plan) }),
  'billing.trial_extended': (d) => t('entry.billing.trialExtended', { days: num(d.days) }),
  'billing.comped': (d) =>
    d.plan === null || d.plan === undefined
      ? t('entry.billing.compEnded')
      : t('entry.billing.comped', { plan: planName(d.plan) }),
  'roadmap.created': (d) => t('entry.roadmap.created', { title: str(d.title) }),
  'roadmap.updated': (d) => t('entry.roadmap.updated', { title: str(d.title) }),
  'roadmap.approved': (d) => t('entry.roadmap.approved', { title: str(d.title) }),
  'roadmap.status_changed': (d) =>
    t('entry.roadmap.statusChanged', {
      title: str(d.title),
      status: str(d.statusLabel ?? d.status),
    }),
  'roadmap.merged': (d) =>
    t('entry.roadmap.merged', {
      title: str(d.title),
      target: str(d.targetTitle),
      votes: num(d.movedVotes),
    }),
  'auth.signed_in': signedIn,
  'auth.sign_in_failed': signInFailed,
  'service.account_suspended': (d) =>
    d.reason
      ? t('entry.service.accountSuspendedBecause', { reason: str(d.reason) })
      : t('entry.service.accountSuspended'),
  'service.account_restored': () => t('entry.service.accountRestored'),
  'service.account_export_requested': () => t('entry.service.accountExportRequested'),
  'service.account_deletion_scheduled': (d) =>
    d.deleteAfter
      ? t('entry.service.accountDeletionScheduledFor', { date: str(d.deleteAfter) })
      : t('entry.service.accountDeletionScheduled'),
  'service.account_deletion_canceled': () => t('entry.service.accountDeletionCanceled'),
  'service.account_deleted': () => t('entry.service.accountDeleted'),
  'service.ownership_transferred': (d) =>
    t('entry.service.ownershipTransferred', { email: str(d.toEmail) }),
  'service.note_added': () => t('entry.service.noteAdded'),
  'service.note_deleted': () => t('entry.service.noteDeleted'),
  'service.tenant_viewed': (d) => t('entry.service.tenantViewed', { name: str(d.name) }),
  'service.user_session_ended': (d) => t('entry.service.userSessionEnded', { email: str(d.email) }),
  'service.user_sessions_ended': (d) =>
    t('entry.service.userSessionsEnded', { email: str(d.email) }),
  'service.verification_resent': (d) =>
    t('entry.service.verificationResent', { email: str(d.email) }),
  'service.password_reset_sent': (d) =>
    t('entry.service.passwordResetSent', { email: str(d.email) }),
  'service.user_disabled': (d) => t('entry.service.userDisabled', { email: str(d.email) }),
  'service.user_enabled': (d) => t('entry.service.userEnabled', { email: str(d.email) }),
  'service.second_factors_reset': (d) =>
    t('entry.service.secondFactorsReset', { email: str(d.email) }),
  'service.role_granted': (d) =>
    t(d.via === 'cli' ? 'entry.service.roleGrantedByCli' : 'entry.service.roleGranted', {
      email: str(d.email),
      role: str(d.role),
    }),
  'service.role_revoked': (d) =>
    t(d.via === 'cli' ? 'entry.service.roleRevokedByCli' : 'entry.service.roleRevoked', {
      email: str(d.email),
      role: str(d.role),
    }),
  'service.job_retried': (d) => t('entry.service.jobRetried', { queue: str(d.queue) }),
  'service.job_deleted': (d) =>
    d.state
      ? t('entry.service.jobDeletedInState', { state: str(d.state), queue: str(d.queue) })
      : t('entry.service.jobDeleted', { queue: str(d.queue) }),
  'service.audit_verified': (d) =>
    d.ok === false ? t('entry.service.auditBroken') : t('entry.service.auditVerified'),
  'service.audit_exported': (d) =>
    t('entry.service.auditExported', { format: str(d.format).toUpperCase() || 'CSV' }),
  'service.analytics_refreshed': () => t('entry.service.analyticsRefreshed'),
  'support_access.granted': (d) => t('entry.supportAccess.granted', { until: str(d.until) }),
  'support_access.revoked': () => t('entry.supportAccess.revoked'),
  'support_access.started': (d) =>
    d.reason
      ? t('entry.supportAccess.startedBecause', { email: str(d.asEmail), reason: str(d.reason) })
      : t('entry.supportAccess.started', { email: str(d.asEmail) }),
  'support_access.ended': (d) => t('entry.supportAccess.ended', { email: str(d.asEmail) }),
  'support_access.request': (d) =>
    t('entry.supportAccess.request', {
      method: str(d.method),
      path: str(d.path),
      email: str(d.asEmail),
    }),
  'sso.configured': (d) =>
    t(
      d.created
        ? d.requireSso
          ? 'entry.sso.connectedRequired'
          : 'entry.sso.connected'
        : d.requireSso
          ? 'entry.sso.changedRequired'
          : 'entry.sso.changed',
      { issuer: str(d.issuer) },
    ),
  'sso.removed': (d) => t('entry.sso.removed', { issuer: str(d.issuer) }),
  'sso.domain_added': (d) =>
    t(d.resent ? 'entry.sso.domainCodeResent' : 'entry.sso.domainAdded', {
      domain: str(d.domain),
      email: str(d.proofEmail),
    }),
  'sso.domain_verified': (d) => t('entry.sso.domainVerified', { domain: str(d.domain) }),
  'sso.domain_removed': (d) => t('entry.sso.domainRemoved', { domain: str(d.domain) }),
  'evidence.uploaded': (d) => t('entry.evidence.uploaded', { name: str(d.name) }),
  'evidence.replaced': (d) =>
    t('entry.evidence.replaced', { name: str(d.name), revision: str(d.revision) }),
  'evidence.deleted': (d) => t('entry.evidence.deleted', { name: str(d.name) }),
  'sso.member_joined': (d) =>
    t('entry.sso.memberJoined', { email: str(d.email), role: str(d.role) }),
};

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/**
 * One line a person can read for an audit entry. Entries written by an older version may carry
 * an action this one does not know: those show the action code itself.
 */
export function describeAuditEntry(entry: Pick<AuditEntry, 'action' | 'data'>): string {
  return isAuditAction(entry.action) ? LABELS[entry.action](entry.data) : entry.action;
}
