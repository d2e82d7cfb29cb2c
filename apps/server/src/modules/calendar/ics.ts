/**
 * A calendar feed as iCalendar text (RFC 5545), through `ical-generator` (no dependencies of
 * its own; it escapes TEXT values, folds lines at 75 octets without splitting a UTF-8
 * character, and ends lines with CRLF). Every event is an all-day VEVENT on its due date with a
 * stable UID (the object's id, so a calendar updates the event rather than adding another),
 * DTSTAMP from the object's last change (the same feed reads the same), SUMMARY, DESCRIPTION
 * and the URL of the object in the app.
 */
import {
  ASSESSMENT_STATUS_LABELS,
  TASK_STATUS_LABELS,
  type AssessmentStatus,
  type TaskStatus,
} from '@tenantry/shared';
import ical from 'ical-generator';

export interface FeedAssessment {
  id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  frameworkName: string;
  status: AssessmentStatus;
  dueDate: string;
  answered: number;
  total: number;
  ownerName: string | null;
  updatedAt: Date;
}

export interface FeedTask {
  id: string;
  tenantId: string;
  tenantName: string;
  title: string;
  status: TaskStatus;
  dueDate: string;
  updatedAt: Date;
}

export interface FeedInput {
  publicUrl: string;
  accountName: string;
  assessments: readonly FeedAssessment[];
  tasks: readonly FeedTask[];
}

/** How often a calendar should fetch the feed again. */
const REFRESH_SECONDS = 3600;

/** The day after a `YYYY-MM-DD` day: an all-day event's exclusive end. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export function feedIcs({ publicUrl, accountName, assessments, tasks }: FeedInput): string {
  const host = new URL(publicUrl).host;
  const cal = ical({
    name: `Tenantry due dates — ${accountName}`,
    description: `Due dates of assessments and of your remediation tasks in ${accountName}.`,
    prodId: { company: 'Tenantry', product: 'Tenantry', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const a of assessments) {
    const url = `${publicUrl}/tenant/${path(a.tenantId)}/assessments/${path(a.id)}`;
    const progress =
      a.total > 0
        ? `${a.answered} of ${a.total} questions answered (${Math.round((100 * a.answered) / a.total)} %)`
        : 'No questions yet';
    cal.createEvent({
      id: `assessment-${a.id}@${host}`,
      allDay: true,
      start: a.dueDate,
      end: nextDay(a.dueDate),
      stamp: a.updatedAt,
      summary: `Due: ${a.name} — ${a.tenantName}`,
      description: [
        `Assessment of ${a.tenantName} (${a.frameworkName})`,
        `Status: ${ASSESSMENT_STATUS_LABELS[a.status]} · ${progress}`,
        `Owner: ${a.ownerName ?? 'nobody yet'}`,
        url,
      ].join('\n'),
      url,
    });
  }
  for (const t of tasks) {
    const url = `${publicUrl}/tenant/${path(t.tenantId)}/remediation?${new URLSearchParams({ task: t.id })}`;
    cal.createEvent({
      id: `task-${t.id}@${host}`,
      allDay: true,
      start: t.dueDate,
      end: nextDay(t.dueDate),
      stamp: t.updatedAt,
      summary: `Task due: ${t.title} — ${t.tenantName}`,
      description: [
        `Remediation task of ${t.tenantName}, assigned to you`,
        `Status: ${TASK_STATUS_LABELS[t.status]}`,
        url,
      ].join('\n'),
      url,
    });
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  return `${cal.toString()}\r\n`;
}
