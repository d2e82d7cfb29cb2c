import { REMINDER_LIMITS, type RespondentMail } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../../db/client.ts';
import { respondentReminders } from '../../../db/schema/reminders.ts';

/** The e-mails each respondent got (respondent_reminders), newest first, the last few. */
export async function mailsOf(
  db: Database | Tx,
  accountId: string,
  ids: string[],
): Promise<Map<string, RespondentMail[]>> {
  const out = new Map<string, RespondentMail[]>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{
    respondent_id: string;
    kind: RespondentMail['kind'];
    day: string;
    sent_at: Date | string;
    sent_by_name: string | null;
  }>(
    db,
    sql`select respondent_id, kind, day, sent_at, sent_by_name from (
        select rr.respondent_id, rr.kind, to_char(rr.day, 'YYYY-MM-DD') as day, rr.sent_at,
          rr.sent_by_name,
          row_number() over (partition by rr.respondent_id order by rr.day desc) as n
        from ${respondentReminders} rr
        where rr.account_id = ${accountId} and rr.respondent_id in ${ids}
      ) x where n <= ${REMINDER_LIMITS.logListed}
      order by respondent_id, day desc`,
  );
  for (const r of rows) {
    const list = out.get(r.respondent_id) ?? [];
    list.push({
      kind: r.kind,
      day: r.day,
      sentAt: new Date(r.sent_at).toISOString(),
      sentBy: r.sent_by_name,
    });
    out.set(r.respondent_id, list);
  }
  return out;
}
