import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { rich } from '../../i18n/page-i18n.tsx';
import { countAnswered, questionsOf, shownAnswer } from '../lib/answers.ts';
import { applyBrandCss } from '@tenantry/shared/brand';
import { localizeFramework } from '@tenantry/shared/framework-i18n';
import type { Locale } from '@tenantry/shared/i18n/locales';
import { carriedMap, carriedState, toConfirmUnder } from '../lib/carried.ts';
import type {
  AnswerFields,
  CarriedAnswer,
  RespondentAnswer,
  RespondentSession,
  Section,
} from '../lib/contract.ts';
import {
  statusText,
  type AnswerQueue,
  type FailedWrite,
  type QueueSnapshot,
  type SupersededWrite,
} from '../lib/queue.ts';
import type { EvidenceClient } from '../lib/evidence.ts';
import { NO_FILES, useEvidenceMap } from './AnswerFiles.tsx';
import { LanguageSwitcher, useI18n } from '../lib/i18n.ts';
import { Guidance, Markdown } from './Markdown.tsx';
import { QuestionCard, type Heading } from './QuestionCard.tsx';

interface Props {
  session: RespondentSession;
  /** The server's answers as last known (the session's, updated by every write it took). */
  saved: ReadonlyMap<string, RespondentAnswer>;
  queue: AnswerQueue;
  /** The answers' files (evidence), read and sent online only. */
  evidence: EvidenceClient;
  /** The session came from the service worker's copy: there is no network. */
  offline: boolean;
  /** Set just after this page submitted the part (the thank-you takes the focus). */
  justSubmitted: boolean;
  submitting: boolean;
  submitError: string | null;
  onSubmit: () => void;
}

type SectionHeading = 'h2' | 'h3' | 'h4' | 'h5';

/** Questions rendered with the first paint, then added per task (each task stays short). */
const FIRST_QUESTIONS = 8;
const QUESTIONS_PER_TASK = 3;

/**
 * How many questions are on the page: the first few at once, then more after each paint, in
 * tasks short enough that the page answers a tap at any moment (a long questionnaire rendered
 * in one go blocks a phone's main thread for most of a second).
 */
export function useRevealed(total: number): number {
  const [revealed, setRevealed] = useState(() => Math.min(total, FIRST_QUESTIONS));
  useEffect(() => {
    if (revealed >= total) return;
    const timer = setTimeout(() => setRevealed((n) => Math.min(total, n + QUESTIONS_PER_TASK)), 0);
    return () => clearTimeout(timer);
  }, [revealed, total]);
  return Math.min(revealed, total);
}

/** Where each section starts in the questionnaire's order of questions (questionsOf's). */
function sectionStarts(sections: readonly Section[]): Map<string, number> {
  const starts = new Map<string, number>();
  let n = 0;
  const walk = (list: readonly Section[]) => {
    for (const s of list) {
      starts.set(s.key, n);
      n += s.questions.length;
      walk(s.sections);
    }
  };
  walk(sections);
  return starts;
}

const subscribeOnline = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};
const browserOnline = () => navigator.onLine;

/** Whether the browser says it is online, following its `online` and `offline` events. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, browserOnline, () => true);
}

/** The provider's colour (docs/branding.md): CSS variables the style sheet falls back from. */
function useBrandColor(color: string | null) {
  useEffect(() => applyBrandCss(document.documentElement.style, color), [color]);
}

/** The provider's logo above the header's text, when the brand has one. */
function BrandLogo({ brand }: { brand: RespondentSession['brand'] }) {
  if (!brand.logoUrl) return null;
  return <img className="brand-logo" src={brand.logoUrl} alt={brand.name} height={40} />;
}

/**
 * The framework's texts in the page's language where it has them, English otherwise
 * (docs/languages.md); what scores is the same in every language.
 */
function useLocalized(session: RespondentSession, locale: Locale) {
  const framework = useMemo(
    () => localizeFramework(session.document, locale),
    [session.document, locale],
  );
  const questions = useMemo(() => questionsOf(framework), [framework]);
  const translated = locale !== 'en' && session.document.translations?.[locale]?.name;
  const frameworkName = translated ? framework.name : session.assessment.frameworkName;
  return { framework, frameworkName, questions };
}

export function Questionnaire(props: Props) {
  const { session, saved, queue } = props;
  const { t, tr } = useI18n();
  const snap = useSyncExternalStore(queue.subscribe, queue.snapshot);
  useBrandColor(session.brand.color);
  const browser = useBrowserOnline();
  // Offline as soon as the browser says so or a send failed on the network, not only after a
  // reload served from the service worker's copy.
  const offline = props.offline || !browser || (snap.waitingForNetwork && snap.writes.length > 0);
  const readOnly = session.respondent.submittedAt !== null;
  const files = useEvidenceMap(props.evidence, offline, session.respondent.id);
  const { framework, frameworkName, questions } = useLocalized(session, tr.locale);
  const pending = useMemo(() => latestByQuestion(snap), [snap]);
  const failed = useMemo(() => {
    const m = new Map<string, FailedWrite>();
    for (const f of snap.failed) m.set(f.questionKey, f);
    return m;
  }, [snap.failed]);
  const superseded = useMemo(() => {
    const m = new Map<string, SupersededWrite>();
    for (const w of snap.superseded) m.set(w.questionKey, w);
    return m;
  }, [snap.superseded]);
  const answerOf = useCallback(
    (key: string) => shownAnswer(pending.get(key), saved.get(key)),
    [pending, saved],
  );
  const answered = countAnswered(questions, answerOf);
  const total = questions.length;
  const carried = useMemo(() => carriedMap(session.carried.answers), [session.carried.answers]);
  let toConfirm = 0;
  for (const [key, c] of carried) if (carriedState(c, answerOf(key)) === 'to_confirm') toConfirm++;
  const starts = useMemo(() => sectionStarts(framework.sections), [framework]);
  const revealed = useRevealed(total);

  const onAnswer = useCallback(
    (key: string, fields: AnswerFields) => void queue.enqueue(key, fields),
    [queue],
  );
  const onDismiss = useCallback((key: string) => queue.dismissFailed(key), [queue]);
  const onAnswerAgain = useCallback((key: string) => void queue.answerAgain(key), [queue]);
  const onKeepTheirs = useCallback((key: string) => queue.dismissSuperseded(key), [queue]);
  // "Nothing changed here": one queued write per carried answer still to confirm, like any
  // answer (offline too); the queue sends them in order.
  const confirmAll = (list: readonly CarriedAnswer[]) => {
    for (const c of list)
      void queue.enqueue(c.questionKey, { value: c.value, na: c.na, note: c.note });
  };

  const renderSection = (s: Section, depth: number) => {
    const start = starts.get(s.key) ?? 0;
    if (start >= revealed && revealed < total) return null;
    const H = `h${Math.min(2 + depth, 5)}` as SectionHeading;
    const q = `h${Math.min(3 + depth, 6)}` as Heading;
    const id = `s-${s.key}`;
    return (
      <section key={s.key} className={depth === 0 ? 'section' : 'subsection'} aria-labelledby={id}>
        <H id={id} className="section-title">
          {s.title}
        </H>
        <Markdown text={s.description} />
        <Guidance text={s.guidance} />
        {!readOnly && (
          <NothingChanged
            list={toConfirmUnder(s, carried, answerOf)}
            labelledBy={id}
            onConfirm={confirmAll}
          />
        )}
        {s.questions.slice(0, Math.max(0, revealed - start)).map((question) => (
          <QuestionCard
            key={question.key}
            question={question}
            answer={answerOf(question.key)}
            failed={failed.get(question.key)}
            superseded={superseded.get(question.key)}
            readOnly={readOnly}
            carried={carried.get(question.key)}
            heading={q}
            onAnswer={onAnswer}
            onDismissFailed={onDismiss}
            onAnswerAgain={onAnswerAgain}
            onDismissSuperseded={onKeepTheirs}
            files={files.map ? (files.map[question.key] ?? NO_FILES) : undefined}
            fileContext={files.context}
          />
        ))}
        {s.sections.map((child) => renderSection(child, depth + 1))}
      </section>
    );
  };

  const { assessment, brand } = session;
  return (
    <>
      <header className="top">
        <div className="wrap">
          <BrandLogo brand={brand} />
          <div className="top-row">
            <p className="org">
              {brand.name} <span aria-hidden="true">·</span>{' '}
              {t('header.for', { tenant: session.tenantName })}
            </p>
            <LanguageSwitcher label={t('lang.label')} />
          </div>
          <h1>{assessment.name}</h1>
          <p className="meta">
            {frameworkName}
            {assessment.dueDate && (
              <>
                {' '}
                <span aria-hidden="true">·</span>{' '}
                {rich(
                  t,
                  'header.due',
                  {},
                  {
                    date: <time dateTime={assessment.dueDate}>{tr.day(assessment.dueDate)}</time>,
                  },
                )}
              </>
            )}
          </p>
          <p className="meta">{t('header.answeringAs', { name: session.respondent.name })}</p>
        </div>
      </header>
      <StatusBar
        snap={snap}
        answered={answered}
        total={total}
        toConfirm={readOnly ? 0 : toConfirm}
      />
      <main className="wrap">
        {readOnly && (
          <ThankYou
            focus={props.justSubmitted}
            accountName={brand.name}
            submittedAt={session.respondent.submittedAt}
          />
        )}
        {offline && !readOnly && <p className="banner">{t('banner.offline')}</p>}
        {snap.failed.length > 1 && (
          <div className="banner banner-problem">
            <p>{t('banner.failed', { count: snap.failed.length })}</p>
            <button type="button" className="btn btn-quiet" onClick={() => queue.dismissFailed()}>
              {t('banner.dismissAll')}
            </button>
          </div>
        )}
        {total === 0 ? (
          <p>{t('page.noQuestions')}</p>
        ) : (
          framework.sections.map((s) => renderSection(s, 0))
        )}
        {!readOnly && revealed >= total && (
          <SubmitPart
            open={total - answered}
            waiting={snap.writes.length}
            submitting={props.submitting}
            error={props.submitError}
            onSubmit={props.onSubmit}
          />
        )}
      </main>
    </>
  );
}

function latestByQuestion(snap: QueueSnapshot) {
  const m = new Map<string, QueueSnapshot['writes'][number]>();
  for (const w of snap.writes) m.set(w.questionKey, w);
  return m;
}

/**
 * "Nothing changed here (3)" under a section's title while answers carried from last period
 * wait there: one tap confirms them all (each a queued answer).
 */
function NothingChanged({
  list,
  labelledBy,
  onConfirm,
}: {
  list: readonly CarriedAnswer[];
  /** The section's title: the button's description. */
  labelledBy: string;
  onConfirm: (list: readonly CarriedAnswer[]) => void;
}) {
  const { t } = useI18n();
  if (list.length === 0) return null;
  const n = list.length;
  return (
    <div className="carried-section">
      <p className="hint">{t('carried.toConfirmHere', { count: n })}</p>
      <button
        type="button"
        className="btn btn-wide"
        aria-describedby={labelledBy}
        onClick={() => onConfirm(list)}
      >
        {t('carried.nothingChanged', { count: n })}
      </button>
    </div>
  );
}

function StatusBar({
  snap,
  answered,
  total,
  toConfirm,
}: {
  snap: QueueSnapshot;
  answered: number;
  total: number;
  toConfirm: number;
}) {
  const { t } = useI18n();
  const text = statusText(snap, answered, t);
  const tone =
    snap.failed.length > 0
      ? 'problem'
      : snap.writes.length > 0 && snap.waitingForNetwork
        ? 'waiting'
        : snap.writes.length > 0
          ? 'saving'
          : snap.superseded.length > 0
            ? 'waiting'
            : 'saved';
  return (
    <div className="bar">
      <div className="wrap bar-inner">
        <p className="progress" id="progress-text">
          {rich(t, 'status.progress', { total }, { answered: <strong>{answered}</strong> })}
          {toConfirm > 0 && (
            <span className="to-confirm"> · {t('status.toConfirm', { count: toConfirm })}</span>
          )}
        </p>
        <progress value={answered} max={Math.max(total, 1)} aria-labelledby="progress-text" />
        <p role="status" className={`status status-${tone}`}>
          {text}
        </p>
      </div>
    </div>
  );
}

function ThankYou({
  focus,
  accountName,
  submittedAt,
}: {
  focus: boolean;
  accountName: string;
  submittedAt: string | null;
}) {
  const { t, tr } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const when = submittedAt ? tr.dateTime(submittedAt) : null;
  return (
    <section className="banner banner-done" aria-labelledby="thanks">
      <h2 id="thanks" ref={heading} tabIndex={-1}>
        {t('thanks.title')}
      </h2>
      <p>
        {when
          ? t('thanks.bodyWhen', { account: accountName, when })
          : t('thanks.body', { account: accountName })}
      </p>
    </section>
  );
}

function SubmitPart({
  open,
  waiting,
  submitting,
  error,
  onSubmit,
}: {
  open: number;
  waiting: number;
  submitting: boolean;
  error: string | null;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const ready = waiting === 0 && !submitting;
  return (
    <section className="submit" aria-labelledby="submit-title">
      <h2 id="submit-title">{t('submit.title')}</h2>
      <p>
        {t('submit.body')}
        {open > 0 && ` ${t('submit.open', { count: open })}`}
      </p>
      {!confirming ? (
        <button
          type="button"
          className="btn btn-primary btn-wide"
          disabled={!ready}
          aria-describedby={waiting > 0 ? 'submit-wait' : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('submit.button')}
        </button>
      ) : (
        <div className="confirm" role="group" aria-labelledby="confirm-text">
          <p id="confirm-text">{t('submit.confirm')}</p>
          <div className="confirm-actions">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-primary"
              disabled={!ready}
              onClick={() => {
                setConfirming(false);
                onSubmit();
              }}
            >
              {t('submit.yes')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('submit.keep')}
            </button>
          </div>
        </div>
      )}
      {waiting > 0 && (
        <p id="submit-wait" className="hint">
          {t('submit.wait')}
        </p>
      )}
      {submitting && <p className="hint">{t('submit.submitting')}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
