import {
  AUDIT_ACTIONS,
  PLANS,
  TASK_STATUS_LABELS,
  type AuditAction,
  type AuditEntry,
  type PlanId,
} from '@tenantry/shared';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** A task's status as the screens name it ("In progress"); an unknown one as it is. */
const taskStatus = (v: unknown): string =>
  TASK_STATUS_LABELS[str(v) as keyof typeof TASK_STATUS_LABELS] ?? str(v);

const FIELD_WORDS: Record<string, string> = {
  name: 'the name',
  industry: 'the industry',
  size: 'the size',
  contacts: 'the contacts',
  tags: 'the tags',
  notes: 'the notes',
  ownerId: 'the owner',
  dueDate: 'the due date',
  targets: 'the targets',
  title: 'the title',
  description: 'the description',
  priority: 'the priority',
  assigneeId: 'the assignee',
  status: 'the status',
  riskReason: 'the reason the risk is accepted',
  riskReviewDate: 'the risk’s review date',
};

/** `['name', 'tags']` → "the name and the tags". */
function fieldList(v: unknown): string {
  const words = (Array.isArray(v) ? v : []).map((f) => FIELD_WORDS[String(f)] ?? String(f));
  if (words.length === 0) return 'the details';
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

type Describe = (data: AuditEntry['data']) => string;

/** How a sign-in was made (`data.method` of the security events). */
const SIGN_IN_METHODS: Record<string, string> = {
  password: 'with a password',
  sign_up_code: 'with the sign-up code',
  shared_code: 'with a shared sign-in code',
  email_link: 'with an e-mail link',
  passkey: 'with a passkey',
  support: 'as a support session',
  sso: 'through single sign-on',
};
/** The second factor a sign-in gave (`data.secondFactor`). */
const SECOND_FACTORS: Record<string, string> = {
  totp: 'an authenticator code',
  backup_code: 'a backup code',
  passkey: 'a passkey',
};
const signInMethod = (v: unknown, second?: unknown): string => {
  const words = SIGN_IN_METHODS[str(v)] ?? str(v);
  const factor = SECOND_FACTORS[str(second)] ?? str(second);
  if (!words) return '';
  return factor ? ` ${words} and ${factor}` : ` ${words}`;
};

/** Why a sign-in was refused (`data.reason` of `auth.sign_in_failed`). */
const SIGN_IN_FAILURES: Record<string, string> = {
  invalid_credentials: 'wrong e-mail or password',
  email_not_verified: 'the address is not verified',
  user_disabled: 'the user is disabled',
  invalid_code: 'wrong code',
  invalid_second_factor: 'wrong second-factor code',
  sso_domain_not_covered: 'the address is outside the single sign-on domains',
  code_expired: 'the code expired',
  too_many_attempts: 'too many attempts',
};

/** A staff action's doer: a system admin, or the command line (`data.via: 'cli'`). */
const byWhom = (d: AuditEntry['data']): string =>
  d.via === 'cli' ? 'An operator (command line)' : 'A system admin';

/** One sentence per audit action: a new action in AUDIT_ACTIONS fails to compile until labelled. */
const LABELS: Record<AuditAction, Describe> = {
  'account.renamed': (d) => `Renamed the account from “${str(d.from)}” to “${str(d.to)}”`,
  'account.logo_updated': () => 'Uploaded a new logo',
  'account.brand_updated': (d) =>
    `Changed the brand (${Array.isArray(d.changed) ? d.changed.map(str).join(', ') : 'settings'})`,
  'account.reminder_settings_changed': () => 'Changed the reminder defaults',
  'members.invited': (d) => `Invited ${str(d.email)} as ${str(d.role)}`,
  'members.invitation_revoked': (d) => `Revoked the invitation to ${str(d.email)}`,
  'members.joined': (d) => `${str(d.email)} joined as ${str(d.role)}`,
  'members.role_changed': (d) =>
    `Changed the role of ${str(d.email)} from ${str(d.from)} to ${str(d.to)}`,
  'members.access_changed': (d) =>
    `Changed the client-tenant access of ${str(d.email)} from ${str(d.fromText)} to ${str(d.toText)}`,
  'members.removed': (d) => `Removed ${str(d.email)}`,
  'members.second_factors_reset': (d) =>
    `Reset the second factors of ${str(d.email)} (authenticator app and passkeys removed)`,
  'security.second_factor_policy_changed': (d) =>
    d.required === true
      ? 'Required a second factor of every member'
      : 'Stopped requiring a second factor of every member',
  'members.left': (d) => `${str(d.email)} left the account`,
  'api_keys.created': (d) => `Created the API key “${str(d.name)}”`,
  'api_keys.revoked': (d) => `Revoked the API key “${str(d.name)}”`,
  'api_keys.used': (d) => `${str(d.method)} ${str(d.path)} with an API key (${str(d.status)})`,
  'calendar_feeds.created': (d) =>
    d.replaced === true
      ? 'Made a new calendar address (the old one stopped)'
      : 'Made a calendar address',
  'calendar_feeds.revoked': () => 'Revoked their calendar address',
  'webhooks.created': (d) => `Added the webhook endpoint ${str(d.url)}`,
  'webhooks.updated': (d) => `Changed the webhook endpoint ${str(d.url)}`,
  'webhooks.deleted': (d) => `Deleted the webhook endpoint ${str(d.url)}`,
  'webhooks.secret_rotated': (d) =>
    `Rotated the signing secret of the webhook endpoint ${str(d.url)}`,
  'tenants.created': (d) => `Created the client tenant “${str(d.name)}”`,
  'tenants.updated': (d) => `Changed ${fieldList(d.fields)} of the client tenant “${str(d.name)}”`,
  'tenants.archived': (d) => `Archived the client tenant “${str(d.name)}”`,
  'tenants.restored': (d) => `Restored the client tenant “${str(d.name)}”`,
  'tenants.baseline_set': (d) =>
    `Marked “${str(d.assessmentName)}” as the baseline of “${str(d.tenantName)}”`,
  'tenants.baseline_cleared': (d) => `Cleared the baseline of “${str(d.tenantName)}”`,
  'sharing.shared': (d) => `Shared “${str(d.tenantName)}” with ${str(d.email)} as ${str(d.role)}`,
  'sharing.role_changed': (d) =>
    `Changed ${str(d.email)}’s share from ${str(d.from)} to ${str(d.to)}`,
  'sharing.revoked': (d) => `Revoked the share of ${str(d.email)}`,
  'content.created': (d) => `Created the ${str(d.kind)} “${str(d.title)}”`,
  'content.imported': (d) => `Imported the framework “${str(d.title)}”`,
  'content.published': (d) =>
    d.version
      ? `Published version ${str(String(d.version))} of the ${str(d.kind)} “${str(d.title)}”`
      : `Published the ${str(d.kind)} “${str(d.title)}”`,
  'content.unpublished': (d) => `Unpublished the ${str(d.kind)} “${str(d.title)}”`,
  'content.archived': (d) => `Archived the ${str(d.kind)} “${str(d.title)}”`,
  'content.restored': (d) => `Restored the ${str(d.kind)} “${str(d.title)}”`,
  'content.deleted': (d) => `Deleted the ${str(d.kind)} “${str(d.title)}”`,
  'content.draft_discarded': (d) => `Discarded the draft changes of “${str(d.title)}”`,
  'content.forked': (d) =>
    `Forked “${str(d.upstream)}” version ${str(d.upstreamVersion)} as “${str(d.title)}”`,
  'content.upstream_taken': (d) =>
    `Took ${str(d.taken)} changes of “${str(d.upstream)}” version ${str(d.toVersion)} into “${str(d.title)}”`,
  'assessments.created': (d) => `Started the assessment “${str(d.name)}”`,
  'assessments.updated': (d) => `Changed ${fieldList(d.fields)} of the assessment “${str(d.name)}”`,
  'assessments.started': (d) => `Set the assessment “${str(d.name)}” in progress`,
  'assessments.completed': (d) => `Completed the assessment “${str(d.name)}”`,
  'assessments.reopened': (d) => `Reopened the assessment “${str(d.name)}”`,
  'assessments.deleted': (d) => `Deleted the assessment “${str(d.name)}”`,
  'assessments.carried_forward': (d) =>
    `Carried the assessment “${str(d.name)}” forward from version ${num(d.from)} to version ${num(d.to)}: ${num(d.carried)} ${num(d.carried) === 1 ? 'answer' : 'answers'} carried as ${num(d.carried) === 1 ? 'it is' : 'they are'}, ${num(d.review)} to review, ${num(d.setAside)} set aside, ${num(d.added)} new ${num(d.added) === 1 ? 'question' : 'questions'}`,
  'assessments.carry_forward_undone': (d) =>
    `Undid the carry-forward of the assessment “${str(d.name)}”: back from version ${num(d.from)} to version ${num(d.to)}`,
  'assessments.started_from_previous': (d) =>
    `Started “${str(d.name)}” from “${str(d.previousName)}”${d.scheduleId ? ' (by its schedule)' : ''}: ${num(d.carried)} ${num(d.carried) === 1 ? 'answer' : 'answers'} to confirm, ${num(d.reinvited)} ${num(d.reinvited) === 1 ? 'respondent' : 'respondents'} invited again`,
  'schedules.created': (d) =>
    `Set up a ${str(d.cadence)} schedule of ${str(d.framework)} for ${str(d.target)}`,
  'schedules.updated': (d) => `Changed the schedule of ${str(d.framework)} for ${str(d.target)}`,
  'schedules.paused': (d) => `Paused the schedule of ${str(d.framework)} for ${str(d.target)}`,
  'schedules.resumed': (d) => `Resumed the schedule of ${str(d.framework)} for ${str(d.target)}`,
  'schedules.ended': (d) => `Ended the schedule of ${str(d.framework)} for ${str(d.target)}`,
  'assessments.respondent_added': (d) =>
    `Added ${str(d.respondent)} as a respondent to “${str(d.name)}”`,
  'assessments.respondent_resent': (d) =>
    `Sent ${str(d.respondent)} a new link to “${str(d.name)}”`,
  'assessments.respondent_revoked': (d) =>
    `Revoked the link of ${str(d.respondent)} to “${str(d.name)}”`,
  'assessments.respondent_reminded': (d) =>
    `Sent ${str(d.respondent)} a reminder about “${str(d.name)}”`,
  'assessments.respondent_reminders_stopped': (d) =>
    `${str(d.respondent)} stopped reminders about “${str(d.name)}”`,
  'assessments.respondent_reminders_resumed': (d) =>
    `${str(d.respondent)} asked for reminders about “${str(d.name)}” again`,
  'assessments.reminder_settings_changed': (d) => `Changed the reminders of “${str(d.name)}”`,
  'assessments.respondent_submitted': (d) =>
    `${str(d.respondent)} submitted their part of “${str(d.name)}”`,
  'tasks.created': (d) => `Created the task “${str(d.title)}”`,
  'tasks.created_from_gaps': (d) =>
    `Created ${num(d.created)} ${num(d.created) === 1 ? 'task' : 'tasks'} for the ${num(d.gaps)} gap ${num(d.gaps) === 1 ? 'question' : 'questions'} of “${str(d.name)}”`,
  'tasks.created_across_clients': (d) =>
    `Created ${num(d.created)} ${num(d.created) === 1 ? 'task' : 'tasks'} for the clients failing “${str(d.questionTitle)}”`,
  'tasks.updated': (d) => `Changed ${fieldList(d.fields)} of the task “${str(d.title)}”`,
  'tasks.status_changed': (d) =>
    `Moved the task “${str(d.title)}” from ${taskStatus(d.from)} to ${taskStatus(d.to)}`,
  'tasks.deleted': (d) => `Deleted the task “${str(d.title)}”`,
  'billing.subscribed': (d) => `Subscribed to the ${planName(d.plan)} plan (${str(d.interval)}ly)`,
  'billing.plan_changed': (d) =>
    `Changed the plan from ${planName(d.from)} to ${planName(d.to)} (${str(d.interval)}ly)`,
  'billing.canceled': (d) =>
    d.atPeriodEnd === true
      ? `Canceled the ${planName(d.plan)} plan at the end of the period`
      : `The ${planName(d.plan)} subscription ended`,
  'billing.resumed': (d) => `Resumed the ${planName(d.plan)} plan`,
  'billing.past_due': (d) => `A payment failed: the ${planName(d.plan)} plan is past due`,
  'billing.payment_recovered': (d) =>
    `The payment went through: the ${planName(d.plan)} plan is active again`,
  'billing.trial_extended': (d) => `A system admin extended the trial by ${num(d.days)} days`,
  'billing.comped': (d) =>
    d.plan === null || d.plan === undefined
      ? 'A system admin ended the complimentary plan'
      : `A system admin gave the ${planName(d.plan)} plan free of charge`,
  'roadmap.created': (d) => `A system admin added “${str(d.title)}” to the roadmap`,
  'roadmap.updated': (d) => `A system admin edited the roadmap item “${str(d.title)}”`,
  'roadmap.approved': (d) => `A system admin approved the idea “${str(d.title)}”`,
  'roadmap.status_changed': (d) =>
    `A system admin moved “${str(d.title)}” to ${str(d.statusLabel ?? d.status)}`,
  'roadmap.merged': (d) =>
    `A system admin merged “${str(d.title)}” into “${str(d.targetTitle)}” (${num(d.movedVotes)} votes moved)`,
  'auth.signed_in': (d) =>
    `${str(d.email) || 'Someone'} signed in${signInMethod(d.method, d.secondFactor)}`,
  'auth.sign_in_failed': (d) =>
    `A sign-in as ${str(d.email) || 'someone'} failed${signInMethod(d.method)}${d.reason ? `: ${SIGN_IN_FAILURES[str(d.reason)] ?? str(d.reason)}` : ''}`,
  'service.account_suspended': (d) =>
    `A system admin suspended the account${d.reason ? `: ${str(d.reason)}` : ''}`,
  'service.account_restored': () => 'A system admin restored the account',
  'service.account_export_requested': () => 'A system admin asked for an export of the account',
  'service.account_deletion_scheduled': (d) =>
    `A system admin scheduled the account’s deletion${d.deleteAfter ? ` for ${str(d.deleteAfter)}` : ''}`,
  'service.account_deletion_canceled': () =>
    'A system admin canceled the account’s scheduled deletion',
  'service.account_deleted': () => 'The account was deleted',
  'service.ownership_transferred': (d) =>
    `A system admin made ${str(d.toEmail)} the account’s owner`,
  'service.note_added': () => 'A system admin added a staff note',
  'service.note_deleted': () => 'A system admin deleted a staff note',
  'service.tenant_viewed': (d) =>
    `A system admin viewed the client tenant “${str(d.name)}” (read-only)`,
  'service.user_session_ended': (d) => `A system admin ended a session of ${str(d.email)}`,
  'service.user_sessions_ended': (d) => `A system admin ended every session of ${str(d.email)}`,
  'service.verification_resent': (d) =>
    `A system admin sent ${str(d.email)} a new verification link`,
  'service.password_reset_sent': (d) => `A system admin sent ${str(d.email)} a password reset link`,
  'service.user_disabled': (d) => `A system admin disabled ${str(d.email)}`,
  'service.user_enabled': (d) => `A system admin enabled ${str(d.email)}`,
  'service.second_factors_reset': (d) =>
    `A system admin reset the second factors of ${str(d.email)}`,
  'service.role_granted': (d) => `${byWhom(d)} made ${str(d.email)} a system ${str(d.role)}`,
  'service.role_revoked': (d) =>
    `${byWhom(d)} removed the system ${str(d.role)} role from ${str(d.email)}`,
  'service.job_retried': (d) => `A system admin retried a failed ${str(d.queue)} job`,
  'service.job_deleted': (d) =>
    `A system admin deleted a ${d.state ? `${str(d.state)} ` : ''}${str(d.queue)} job`,
  'service.audit_verified': (d) =>
    d.ok === false ? 'The audit chain was verified: it is broken' : 'The audit chain was verified',
  'service.audit_exported': (d) =>
    `A system admin exported the audit log (${str(d.format).toUpperCase() || 'CSV'})`,
  'service.analytics_refreshed': () => 'A system admin brought the analytics up to date',
  'support_access.granted': (d) =>
    `Granted the support team access to the account until ${str(d.until)}`,
  'support_access.revoked': () => 'Revoked the support team’s access to the account',
  'support_access.started': (d) =>
    `A system admin opened the app as ${str(d.asEmail)}${d.reason ? ` (reason: ${str(d.reason)})` : ''}`,
  'support_access.ended': (d) => `The support session as ${str(d.asEmail)} ended`,
  'support_access.request': (d) =>
    `Support session: ${str(d.method)} ${str(d.path)} as ${str(d.asEmail)}`,
  'sso.configured': (d) =>
    `${d.created ? 'Connected' : 'Changed'} single sign-on through ${str(d.issuer)}${d.requireSso ? ' (required)' : ''}`,
  'sso.removed': (d) => `Disconnected single sign-on through ${str(d.issuer)}`,
  'sso.domain_added': (d) =>
    `${d.resent ? 'Sent a new code for' : 'Added'} the single sign-on domain ${str(d.domain)} (code to ${str(d.proofEmail)})`,
  'sso.domain_verified': (d) => `Proved the single sign-on domain ${str(d.domain)}`,
  'sso.domain_removed': (d) => `Removed the single sign-on domain ${str(d.domain)}`,
  'evidence.uploaded': (d) => `Uploaded evidence ${str(d.name)}`,
  'evidence.replaced': (d) => `Replaced evidence ${str(d.name)} (revision ${str(d.revision)})`,
  'evidence.deleted': (d) => `Deleted evidence ${str(d.name)} and its revisions`,
  'sso.member_joined': (d) => `${str(d.email)} joined through single sign-on as ${str(d.role)}`,
};

/** A plan's name for an id an entry carries (the id itself when unknown). */
function planName(id: unknown): string {
  return typeof id === 'string' && id in PLANS ? PLANS[id as PlanId].name : str(id);
}

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
