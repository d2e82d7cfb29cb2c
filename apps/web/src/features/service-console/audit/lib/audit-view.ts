/**
 * The service console's audit tab as the screen shows it: the filters read from and written to
 * the URL, turned into the API's query, the export links, and the words for actors, targets and
 * the chain's verification.
 */
import {
  AUDIT_ACTION_FILTER,
  AUDIT_ACTIONS,
  type AuditChainVerification,
  type ServiceAuditEntry,
} from '@tenantry/shared';
import { t } from '../../messages.ts';

export interface AuditFilters {
  /** An actor's e-mail or user id, as typed (trimmed); '' for any. */
  actor: string;
  /** An account id; '' for any. */
  account: string;
  /** One action or a prefix (`service.`); '' for any. */
  action: string;
  /** Days `YYYY-MM-DD` (local), both included; '' for open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', account: '', action: '', from: '', to: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is none: a Date would roll it over to March). */
function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** `?actor=…&account=…&action=…&from=…&to=…`; what is not valid is left out. */
export function readFilters(params: URLSearchParams): AuditFilters {
  const get = (k: string) => (params.get(k) ?? '').trim();
  const action = get('action');
  const from = get('from');
  const to = get('to');
  return {
    actor: get('actor').slice(0, 320),
    account: get('account').slice(0, 100),
    action: AUDIT_ACTION_FILTER.test(action) ? action : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
  };
}

/** `params` with the filters changed; empty ones are left out of the URL. */
export function writeFilters(
  params: URLSearchParams,
  patch: Partial<AuditFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasFilters = (f: AuditFilters): boolean => Object.values(f).some((v) => v !== '');

/** The start of a local day as an instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`);

/**
 * The API's query of the filters: the days become instants of the browser's time zone, the
 * end day included (until the next day's start). An end before the start is dropped.
 */
export function apiQuery(f: AuditFilters): URLSearchParams {
  const qs = new URLSearchParams();
  if (f.actor) qs.set('actor', f.actor);
  if (f.account) qs.set('accountId', f.account);
  if (f.action) qs.set('action', f.action);
  const from = f.from ? dayStart(f.from) : null;
  let to = null;
  if (f.to) {
    to = dayStart(f.to);
    to.setDate(to.getDate() + 1);
  }
  if (from) qs.set('from', from.toISOString());
  if (to && (!from || to > from)) qs.set('to', to.toISOString());
  return qs;
}

/** The export's address: the same filters, as CSV or JSON. */
export function exportHref(f: AuditFilters, format: 'csv' | 'json'): string {
  const qs = apiQuery(f);
  qs.set('format', format);
  return `/api/v1/service/audit/export?${qs.toString()}`;
}

/** The kinds of entries, as action prefixes, for the action filter. */
export const actionPrefixes = (): { value: string; label: string }[] => [
  { value: 'auth.', label: t('audit.kind.auth') },
  { value: 'service.', label: t('audit.kind.service') },
  { value: 'support_access.', label: t('audit.kind.supportAccess') },
  { value: 'members.', label: t('audit.kind.members') },
  { value: 'billing.', label: t('audit.kind.billing') },
  { value: 'api_keys.', label: t('audit.kind.apiKeys') },
];

/** The action filter's choices: the kinds, then every action. */
export const actionChoices = () => [
  { group: t('audit.filter.action.kinds'), items: actionPrefixes() },
  {
    group: t('audit.filter.action.actions'),
    items: AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
  },
];

/** Who did it, in words: the actor's e-mail, else what acted. */
export function actorLabel(e: ServiceAuditEntry): string {
  if (e.actorEmail) return e.actorEmail;
  if (e.data.via === 'cli') return t('audit.actor.cli');
  if (e.action === 'auth.sign_in_failed') return t('audit.actor.unknown');
  return t('audit.actor.system');
}

/** Where the target of an entry is looked at in the console, when it has a page there. */
export function targetHref(e: ServiceAuditEntry): string | null {
  if (!e.targetId) return null;
  if (e.targetType === 'user') return `/service/users/${encodeURIComponent(e.targetId)}`;
  if (e.targetType === 'account') return `/service/accounts/${encodeURIComponent(e.targetId)}`;
  return null;
}

const BREAKS = {
  gap: 'audit.verify.break.gap',
  prev_hash_mismatch: 'audit.verify.break.prevHashMismatch',
  hash_mismatch: 'audit.verify.break.hashMismatch',
} as const satisfies Record<NonNullable<AuditChainVerification['reason']>, string>;

/** The verification's result in plain words: a title and a sentence. */
export function verificationMessage(r: AuditChainVerification): { title: string; body: string } {
  const checked = { checked: r.checked, n: r.checked.toLocaleString() };
  const waiting =
    r.unsealed > 0
      ? [t('audit.verify.unsealed', { unsealed: r.unsealed, n: r.unsealed.toLocaleString() })]
      : [];
  if (r.ok) {
    return {
      title: t('audit.verify.intact.title'),
      body: [t('audit.verify.intact.body', checked), ...waiting].join(' '),
    };
  }
  const seq = r.firstBrokenSeq ?? '?';
  const why = t(r.reason ? BREAKS[r.reason] : 'audit.verify.break.unknown');
  return {
    title: t('audit.verify.broken.title', { seq }),
    body: [t('audit.verify.broken.body', { seq, why, ...checked }), ...waiting].join(' '),
  };
}
