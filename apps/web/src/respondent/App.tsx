import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Completed, Failure, LinkProblem, NoToken, Offline } from './components/Notice.tsx';
import { Questionnaire } from './components/Questionnaire.tsx';
import { mergeSaved, withTaken } from './lib/answers.ts';
import { storedLocale } from '../i18n/page-i18n.tsx';
import { loadSession, recordLocale, submitPart, type SessionResult } from './lib/api.ts';
import { serverErrorKey } from './lib/errors.ts';
import { useI18n, type RespondentKey } from './lib/i18n.ts';
import {
  WRITE_CODES,
  type LinkCode,
  type RespondentAnswer,
  type RespondentSession,
} from './lib/contract.ts';
import { evidenceClient } from './lib/evidence.ts';
import { AnswerQueue, type QueueOptions, type QueueStorage } from './lib/queue.ts';

/** What the page needs from the browser; tests hand in their own. */
export interface RespondentEnv {
  /** `{tid}/{ttid}` of the link; null off a respondent path. */
  link: string | null;
  /** From the address bar or the tab's sessionStorage (lib/link.ts). */
  token: string | null;
  /** The token came from the address bar: keep it on the device. */
  tokenFromUrl: boolean;
  fetch: typeof fetch;
  queueStorage: (link: string) => QueueStorage;
  loadToken: (link: string) => Promise<string | null>;
  saveToken: (link: string, token: string) => Promise<void>;
  /** Extra queue options (timers, ids in tests). */
  queueOptions?: Partial<QueueOptions>;
  /**
   * Calls `fn` once the service worker starts controlling this page (its first visit: the
   * session was loaded before the worker could keep a copy); returns an unsubscribe.
   */
  onServiceWorkerControl?: (fn: () => void) => () => void;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'no-token' }
  /** `waiting`: writes still kept on this device. */
  | { kind: 'link'; code: LinkCode; waiting: number }
  | { kind: 'offline' }
  | { kind: 'error'; code: string | null; message: string }
  | {
      kind: 'ready';
      token: string;
      session: RespondentSession;
      saved: ReadonlyMap<string, RespondentAnswer>;
      offline: boolean;
      queue: AnswerQueue;
    };

export function App({ env }: { env: RespondentEnv }) {
  const { t, follow, chosen } = useI18n();
  // Read inside the loading effect without running it again when the language changes.
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  }, [follow]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [justSubmitted, setJustSubmitted] = useState(false);

  const toReady = useCallback((update: (p: Extract<Phase, { kind: 'ready' }>) => Phase) => {
    setPhase((p) => (p.kind === 'ready' ? update(p) : p));
  }, []);

  // Find the token, load the session (the service worker answers offline), open the queue.
  useEffect(() => {
    let cancelled = false;
    let queue: AnswerQueue | null = null;
    void (async () => {
      const link = env.link;
      const token = env.token ?? (link ? await env.loadToken(link) : null);
      if (cancelled) return;
      if (!link || !token) return setPhase({ kind: 'no-token' });
      if (env.tokenFromUrl) void env.saveToken(link, token);
      const result = await loadSession(env.fetch, token, storedLocale());
      if (cancelled) return;
      if (result.kind === 'link') {
        // Answers kept on this device for this link are not lost: say so.
        const kept = await env
          .queueStorage(link)
          .load()
          .catch(() => undefined);
        if (cancelled) return;
        return setPhase({ kind: 'link', code: result.code, waiting: kept?.writes.length ?? 0 });
      }
      if (result.kind !== 'ok') return setPhase(problemPhase(result));
      queue = await AnswerQueue.open({
        storage: env.queueStorage(link),
        fetch: env.fetch,
        token: () => token,
        ...env.queueOptions,
        onApplied: (write, r) => {
          toReady((p) => {
            const saved = new Map(p.saved);
            if (r.answer) saved.set(write.questionKey, r.answer);
            else saved.delete(write.questionKey);
            return { ...p, saved };
          });
        },
        onLinkProblem: (code) =>
          setPhase({ kind: 'link', code, waiting: queue?.snapshot().writes.length ?? 0 }),
        onClosed: (code) => toReady((p) => ({ ...p, session: closeSession(p.session, code) })),
      });
      if (cancelled) return queue.dispose();
      const opened = queue;
      // The assessment's language, unless the person chose one (before the questions show).
      await followRef.current(result.session.assessment.language ?? null).catch(() => undefined);
      if (cancelled) return queue.dispose();
      // Rendered in a transition: React yields between questions, so a long questionnaire does
      // not block the page (the "Loading" text stays until it is ready).
      startTransition(() =>
        setPhase({
          kind: 'ready',
          token,
          session: result.session,
          // What the server took since this session was read (an offline copy) shows too.
          saved: withTaken(result.session.answers, opened.takenAnswers()),
          offline: result.offline,
          queue: opened,
        }),
      );
      await opened.begin({
        respondentId: result.session.respondent.id,
        lastSeq: result.session.lastSeq,
        answers: result.session.answers,
      });
    })();
    return () => {
      cancelled = true;
      queue?.dispose();
    };
  }, [env, attempt, toReady]);

  // Back online: send what waits at once (not at the end of its back-off)…
  const queue = phase.kind === 'ready' ? phase.queue : null;
  useEffect(() => {
    if (!queue) return;
    const online = () => queue.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  // …and load again what could not be loaded.
  const isOffline = phase.kind === 'offline';
  useEffect(() => {
    if (!isOffline) return;
    const online = () => setAttempt((a) => a + 1);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [isOffline]);

  // On the first visit the session arrived before the service worker controlled the page: load
  // it once more through the worker, which keeps the copy an offline reload needs.
  const readyToken = phase.kind === 'ready' ? phase.token : null;

  // A language chosen on this page is kept on the server, their e-mails' language from now on
  // (docs/languages.md); one chosen before went with the session read (loadSession).
  const sentChoice = useRef(chosen);
  useEffect(() => {
    if (!readyToken || !chosen || sentChoice.current === chosen) return;
    sentChoice.current = chosen;
    void recordLocale(env.fetch, readyToken, chosen);
  }, [chosen, readyToken, env]);
  useEffect(() => {
    if (!readyToken || !env.onServiceWorkerControl) return;
    return env.onServiceWorkerControl(async () => {
      const r = await loadSession(env.fetch, readyToken, storedLocale());
      if (r.kind === 'ok' && !r.offline)
        toReady((p) => ({
          ...p,
          session: r.session,
          saved: mergeSaved(p.saved, r.session.answers),
        }));
    });
  }, [readyToken, env, toReady]);

  // A session from the offline copy is refreshed once the network is back.
  const offlineToken = phase.kind === 'ready' && phase.offline ? phase.token : null;
  const refreshOffline = useCallback(
    async (token: string) => {
      const r = await loadSession(env.fetch, token, storedLocale());
      if (r.kind === 'ok' && !r.offline)
        toReady((p) => ({
          ...p,
          session: r.session,
          saved: mergeSaved(p.saved, r.session.answers),
          offline: false,
        }));
    },
    [env, toReady],
  );
  useEffect(() => {
    if (!offlineToken) return;
    const online = () => void refreshOffline(offlineToken);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [offlineToken, refreshOffline]);
  // A write went through: the network is back, whatever the browser's events said.
  const offlineQueue = offlineToken ? queue : null;
  useEffect(() => {
    if (!offlineToken || !offlineQueue) return;
    let waiting = offlineQueue.snapshot().writes.length;
    return offlineQueue.subscribe(() => {
      const now = offlineQueue.snapshot().writes.length;
      if (now < waiting) void refreshOffline(offlineToken);
      waiting = now;
    });
  }, [offlineToken, offlineQueue, refreshOffline]);

  const submit = useCallback(async () => {
    if (phase.kind !== 'ready') return;
    setSubmitting(true);
    setSubmitError(null);
    const r = await submitPart(env.fetch, phase.token);
    setSubmitting(false);
    switch (r.kind) {
      case 'ok':
        setJustSubmitted(true);
        toReady((p) => ({
          ...p,
          session: r.session,
          saved: mergeSaved(p.saved, r.session.answers),
          offline: false,
        }));
        return;
      case 'link':
        return setPhase({
          kind: 'link',
          code: r.code,
          waiting: phase.queue.snapshot().writes.length,
        });
      case 'closed':
        return toReady((p) => ({ ...p, session: closeSession(p.session, r.code) }));
      case 'network':
        return setSubmitError(t('app.offlineSubmit'));
      case 'error':
        return setSubmitError(
          t('app.submitFailed', {
            reason: reasonOf(r, t) ?? t('app.tryAgainPlease'),
          }),
        );
    }
  }, [phase, env, toReady, t]);

  const evidence = useMemo(
    () => (readyToken ? evidenceClient(env.fetch, readyToken) : null),
    [env, readyToken],
  );

  const retry = () => {
    setPhase({ kind: 'loading' });
    setAttempt((a) => a + 1);
  };

  switch (phase.kind) {
    case 'loading':
      return (
        <main className="notice" aria-busy="true">
          <p className="loading">{t('app.loading')}</p>
        </main>
      );
    case 'no-token':
      return <NoToken />;
    case 'link':
      return <LinkProblem code={phase.code} waiting={phase.waiting} />;
    case 'offline':
      return <Offline onRetry={retry} />;
    case 'error':
      return <Failure message={reasonOf(phase, t) ?? ''} onRetry={retry} />;
    case 'ready':
      if (phase.session.assessment.status === 'completed')
        return (
          <Completed
            accountName={phase.session.accountName}
            tenantName={phase.session.tenantName}
          />
        );
      return (
        <Questionnaire
          session={phase.session}
          saved={phase.saved}
          queue={phase.queue}
          evidence={evidence!}
          offline={phase.offline}
          justSubmitted={justSubmitted}
          submitting={submitting}
          submitError={submitError}
          onSubmit={() => void submit()}
        />
      );
  }
}

/**
 * A refusal in the page's language: its words for a known code (lib/errors.ts), the server's
 * message for another, null when there is neither (the caller's own words then).
 */
function reasonOf(
  r: { code: string | null; message: string },
  t: (key: RespondentKey) => string,
): string | null {
  const key = serverErrorKey(r.code);
  return key ? t(key) : r.message || null;
}

function problemPhase(r: Exclude<SessionResult, { kind: 'ok' | 'link' }>): Phase {
  switch (r.kind) {
    case 'network':
      return { kind: 'offline' };
    case 'closed':
    case 'error':
      return { kind: 'error', code: r.code, message: r.message };
  }
}

/** A 409 while answering or submitting: the assessment was completed, or the part submitted. */
function closeSession(session: RespondentSession, code: string): RespondentSession {
  if (code === WRITE_CODES.locked)
    return { ...session, assessment: { ...session.assessment, status: 'completed' } };
  if (code === WRITE_CODES.submitted && !session.respondent.submittedAt)
    return {
      ...session,
      respondent: { ...session.respondent, submittedAt: new Date().toISOString() },
    };
  return session;
}
