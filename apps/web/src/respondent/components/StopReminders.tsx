import { useEffect, useRef, useState } from 'react';
import {
  API,
  TOKEN_HEADER,
  isLinkCode,
  readError,
  type LinkCode,
  type RespondentReminders,
} from '../lib/contract.ts';
import { recordLocale } from '../lib/api.ts';
import { serverErrorText } from '../lib/errors.ts';
import { useI18n, type RespondentTranslator } from '../lib/i18n.ts';
import { LinkProblem, NoToken, Notice } from './Notice.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'link'; code: LinkCode }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; reminders: RespondentReminders; saving: boolean; error: string | null };

async function call(
  fetchFn: typeof fetch,
  token: string,
  t: RespondentTranslator['t'],
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
    return { error: t('stop.offline') };
  }
  if (res.ok) return { ok: (await res.json()) as RespondentReminders };
  const e = await readError(res);
  if (res.status === 401) return { link: isLinkCode(e?.code) ? e.code : 'respondent.link_invalid' };
  return { error: serverErrorText(t, e, t('stop.serverError', { status: res.status })) };
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
  const { t, tr, chosen } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // A language chosen here is kept as theirs on the server too (their e-mails follow it).
  const sentChoice = useRef(chosen);
  useEffect(() => {
    if (!token || !chosen || sentChoice.current === chosen) return;
    sentChoice.current = chosen;
    void recordLocale(fetchFn, token, chosen);
  }, [chosen, token, fetchFn]);
  // The first read only: a change of language does not read again.
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void call(fetchFn, token, tRef.current).then((r) => {
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
        <p>{t('stop.loading')}</p>
      </main>
    );
  }
  if (phase.kind === 'link') return <LinkProblem code={phase.code} waiting={0} />;
  if (phase.kind === 'error') {
    return (
      <Notice title={t('stop.failed')} tone="problem">
        <p>{phase.message}</p>
      </Notice>
    );
  }
  const { reminders, saving, error } = phase;
  const stopped = reminders.stoppedAt !== null;
  const save = async (stop: boolean) => {
    setPhase({ ...phase, saving: true, error: null });
    const r = await call(fetchFn, token, t, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stopped: stop }),
    });
    if ('ok' in r) setPhase({ kind: 'ready', reminders: r.ok, saving: false, error: null });
    else if ('link' in r) setPhase({ kind: 'link', code: r.link });
    else setPhase({ ...phase, saving: false, error: r.error });
  };
  const names = {
    name: reminders.respondentName,
    account: reminders.accountName,
    assessment: reminders.assessmentName,
    tenant: reminders.tenantName,
  };
  return (
    <Notice
      key={stopped ? 'stopped' : 'on'}
      title={t(stopped ? 'stop.stoppedTitle' : 'stop.askTitle')}
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
              {t('stop.resume')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={saving}
              onClick={() => void save(true)}
            >
              {t('stop.stop')}
            </button>
          )}
          <a className="btn" href={answerLink}>
            {t('stop.answer')}
          </a>
        </div>
      }
    >
      <p>
        {stopped
          ? t('stop.stoppedBody', names)
          : reminders.dueDate
            ? t('stop.askBodyDue', { ...names, due: tr.day(reminders.dueDate) })
            : t('stop.askBody', names)}
      </p>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </Notice>
  );
}
