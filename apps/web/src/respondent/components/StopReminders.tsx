import { useEffect, useState } from 'react';
import {
  API,
  TOKEN_HEADER,
  isLinkCode,
  readError,
  type LinkCode,
  type RespondentReminders,
} from '../lib/contract.ts';
import { LinkProblem, NoToken, Notice } from './Notice.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'link'; code: LinkCode }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; reminders: RespondentReminders; saving: boolean; error: string | null };

/** `2031-01-10` → `10 January 2031`. */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function call(
  fetchFn: typeof fetch,
  token: string,
  init: RequestInit = {},
): Promise<{ ok: RespondentReminders } | { link: LinkCode } | { error: string }> {
  let res: Response;
  try {
    res = await fetchFn(API.reminders, {
      ...init,
      headers: { ...init.headers, [TOKEN_HEADER]: token },
      cache: 'no-store',
    });
  } catch {
    return { error: 'You seem to be offline. Try again once you are connected.' };
  }
  if (res.ok) return { ok: (await res.json()) as RespondentReminders };
  const e = await readError(res);
  if (res.status === 401) return { link: isLinkCode(e?.code) ? e.code : 'respondent.link_invalid' };
  return { error: e?.message || `The server answered ${res.status}. Try again in a moment.` };
}

/**
 * `/in-progress/{tid}/{ttid}/reminders?token=…`, the link at the foot of every e-mail to a
 * respondent: stop (or resume) reminders for this assessment. Nothing changes on opening the
 * page (mail scanners open links); the button does it.
 */
export function StopReminders({
  token,
  fetch: fetchFn,
  answerLink,
}: {
  token: string | null;
  fetch: typeof fetch;
  /** The respondent page of the same link. */
  answerLink: string;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void call(fetchFn, token).then((r) => {
      if (cancelled) return;
      if ('ok' in r) setPhase({ kind: 'ready', reminders: r.ok, saving: false, error: null });
      else if ('link' in r) setPhase({ kind: 'link', code: r.link });
      else setPhase({ kind: 'error', message: r.error });
    });
    return () => {
      cancelled = true;
    };
  }, [fetchFn, token]);

  if (!token) return <NoToken />;
  if (phase.kind === 'loading') {
    return (
      <main className="notice notice-info" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  }
  if (phase.kind === 'link') return <LinkProblem code={phase.code} waiting={0} />;
  if (phase.kind === 'error') {
    return (
      <Notice title="This did not work" tone="problem">
        <p>{phase.message}</p>
      </Notice>
    );
  }
  const { reminders, saving, error } = phase;
  const stopped = reminders.stoppedAt !== null;
  const save = async (stop: boolean) => {
    setPhase({ ...phase, saving: true, error: null });
    const r = await call(fetchFn, token, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stopped: stop }),
    });
    if ('ok' in r) setPhase({ kind: 'ready', reminders: r.ok, saving: false, error: null });
    else if ('link' in r) setPhase({ kind: 'link', code: r.link });
    else setPhase({ ...phase, saving: false, error: r.error });
  };
  const what = `“${reminders.assessmentName}” for ${reminders.tenantName}`;
  return (
    <Notice
      key={stopped ? 'stopped' : 'on'}
      title={stopped ? 'Reminders stopped' : 'Stop reminders?'}
      tone={stopped ? 'done' : 'info'}
      action={
        <div className="notice-actions">
          {stopped ? (
            <button
              type="button"
              className="btn"
              disabled={saving}
              onClick={() => void save(false)}
            >
              Send me reminders again
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={saving}
              onClick={() => void save(true)}
            >
              Stop reminders
            </button>
          )}
          <a className="btn" href={answerLink}>
            Answer the questions
          </a>
        </div>
      }
    >
      {stopped ? (
        <p>
          {reminders.respondentName}, you get no more reminders about {what} from{' '}
          {reminders.accountName}. Your link still works if you want to answer later.
        </p>
      ) : (
        <p>
          {reminders.respondentName}, {reminders.accountName} reminds you by e-mail about {what}
          {reminders.dueDate ? `, due on ${longDay(reminders.dueDate)},` : ''} until you submit your
          answers. At most one e-mail a day.
        </p>
      )}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </Notice>
  );
}
