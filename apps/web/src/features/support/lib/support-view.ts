import { type SupportPriority, type SupportStatus, type SupportTicket } from '@tenantry/shared';
import { supportPriorityLabel, supportStatusLabel } from '#web/lib/labels.ts';
import { t } from '../messages.ts';

/** Badge colours: the staff's turn stands out, finished tickets fade. */
export const STATUS_COLORS: Record<SupportStatus, string> = {
  open: 'blue',
  waiting: 'yellow',
  resolved: 'green',
  closed: 'gray',
};

export const PRIORITY_COLORS: Record<SupportPriority, string> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** The status as the customer reads it: "waiting" is on them. */
export function customerStatusLabel(status: SupportStatus): string {
  return status === 'waiting' ? t('status.waitingForYou') : supportStatusLabel(status);
}

export const staffStatusLabel = (status: SupportStatus) => supportStatusLabel(status);
export const priorityLabel = (priority: SupportPriority) => supportPriorityLabel(priority);

/** `#12 Subject`: how a ticket is named in lists and headings. */
export const ticketTitle = (tk: Pick<SupportTicket, 'number' | 'subject'>) =>
  `#${tk.number} ${tk.subject}`;

/** How long the customer has waited for the staff, e.g. "3 h", "2 d"; null when answered. */
export function waitingFor(
  tk: Pick<SupportTicket, 'awaitingSince'>,
  now: number = Date.now(),
): string | null {
  if (!tk.awaitingSince) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(tk.awaitingSince)) / 60_000));
  if (minutes < 60) return t('queue.waited.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('queue.waited.hours', { hours });
  return t('queue.waited.days', { days: Math.floor(hours / 24) });
}

/** Whether the customer may still write on the ticket (a closed one must be reopened first). */
export const canReply = (status: SupportStatus) => status !== 'closed';
