import type { Answer, AnswerInput, Question } from '@tenantry/shared';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { ApiError } from '#web/lib/api.ts';
import type { AnswerWriter } from '../api/save-answer.ts';
import type { AnswerConflicts } from '../lib/answer-conflict.ts';
import { answerConflictOf, theirAnswer } from '../lib/answer-conflict.ts';
import {
  bodyOf,
  bodyOfAnswer,
  draftOf,
  sameBody,
  shortcutValue,
  type AnswerDraft,
} from '../lib/answer-draft.ts';
import { hasModifier, isTypingTarget } from '../lib/keyboard.ts';
import { newIdempotencyKey } from '../lib/write-queue.ts';
import { t } from '../messages.ts';

/** How long typing pauses before a number, text or note is saved. */
export const TYPING_SAVE_MS = 800;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'superseded' }
  | { kind: 'invalid'; message: string }
  /** `retry`: the write to send again (same idempotency key), when trying again may help. */
  | { kind: 'error'; message: string; retry: AnswerInput | null };

function saveError(err: unknown): { message: string; retry: boolean } {
  if (err instanceof ApiError) {
    if (err.code === 'assessments.locked') {
      return {
        message: t('save.error.locked'),
        retry: false,
      };
    }
    if (err.code === 'assessments.invalid_answer') {
      const why = err.fields.value;
      return {
        message: why ? t('save.error.invalid', { problem: why }) : err.message,
        retry: false,
      };
    }
    if (err.status === 404) {
      return { message: t('save.error.gone'), retry: false };
    }
    if (err.status === 0) {
      return { message: t('save.error.network'), retry: true };
    }
    return { message: t('save.error.server', { error: err.message }), retry: err.status >= 500 };
  }
  return { message: t('save.error.generic'), retry: true };
}

/** What one question's writes keep between renders (refs: changing them re-renders nothing). */
interface WriteRefs {
  /** The draft as last changed (the state shows it from the next render on). */
  latestRef: RefObject<AnswerDraft>;
  /** Local edits the server has not confirmed yet. */
  dirtyRef: RefObject<boolean>;
  /** Writes of this question sent and not answered yet. */
  inFlightRef: RefObject<number>;
  seqRef: RefObject<number>;
  timerRef: RefObject<ReturnType<typeof setTimeout> | null>;
  sendRef: RefObject<(d: AnswerDraft) => void>;
  /** The answer stored now (the last one rendered). */
  storedRef: RefObject<Answer | undefined>;
  /** The revision the next write is based on: the answer as the person saw it (0: none). */
  baseRef: RefObject<number>;
  /** A change made while the conflict stood (kept, not sent): sent once it is resolved. */
  heldRef: RefObject<boolean>;
}

function useWriteRefs(draft: AnswerDraft, answer: Answer | undefined): WriteRefs {
  const latestRef = useRef(draft);
  const dirtyRef = useRef(false);
  const inFlightRef = useRef(0);
  const seqRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef<(d: AnswerDraft) => void>(() => {});
  const storedRef = useRef(answer);
  const baseRef = useRef(answer?.revision ?? 0);
  const heldRef = useRef(false);
  useEffect(() => {
    storedRef.current = answer;
  });
  return useMemo(
    () => ({
      latestRef,
      dirtyRef,
      inFlightRef,
      seqRef,
      timerRef,
      sendRef,
      storedRef,
      baseRef,
      heldRef,
    }),
    [],
  );
}

type SetDraft = Dispatch<SetStateAction<AnswerDraft>>;
type SetSave = Dispatch<SetStateAction<SaveState>>;

/**
 * Someone else's answer arrived (live): shown, unless something changed here is pending or in
 * conflict (then the write stays based on what the person saw).
 */
function useLiveAnswer(
  question: Question,
  answer: Answer | undefined,
  conflicts: AnswerConflicts,
  refs: WriteRefs,
  setDraft: SetDraft,
) {
  const stamp = answer ? `${answer.revision}|${answer.answeredAt}` : 'none';
  useEffect(() => {
    const { dirtyRef, inFlightRef, timerRef, storedRef, latestRef, baseRef } = refs;
    if (
      dirtyRef.current ||
      inFlightRef.current > 0 ||
      timerRef.current ||
      conflicts.get(question.key)
    )
      return;
    const next = draftOf(question, storedRef.current);
    latestRef.current = next;
    baseRef.current = storedRef.current?.revision ?? 0;
    setDraft(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
}

/** Sends one write and shows how it went; a newer answer kept by the server is shown. */
function useSubmit(
  question: Question,
  write: AnswerWriter['write'],
  refs: WriteRefs,
  setDraft: SetDraft,
  setSave: SetSave,
) {
  return useCallback(
    (input: AnswerInput) => {
      const { seqRef, inFlightRef, baseRef, heldRef, sendRef, latestRef, timerRef, dirtyRef } =
        refs;
      const mine = ++seqRef.current;
      inFlightRef.current++;
      setSave({ kind: 'saving' });
      write(question.key, input).then(
        (result) => {
          inFlightRef.current--;
          // What this write left is what the next one is based on.
          baseRef.current = result.answer?.revision ?? 0;
          if (mine !== seqRef.current) return;
          if (heldRef.current) {
            // Changed while "Keep mine" was on the wire: that change goes too.
            heldRef.current = false;
            sendRef.current(latestRef.current);
            return;
          }
          // Something typed since is still waiting for its pause: it stays (and is sent).
          const typing = timerRef.current !== null;
          if (!typing) dirtyRef.current = false;
          if (result.outcome === 'superseded' && !typing) {
            // A newer answer (given elsewhere, later) is kept: show it.
            const next = draftOf(question, result.answer ?? undefined);
            latestRef.current = next;
            setDraft(next);
            setSave({ kind: 'superseded' });
          } else {
            setSave({ kind: typing ? 'idle' : 'saved' });
          }
        },
        (err: unknown) => {
          inFlightRef.current--;
          if (mine !== seqRef.current) return;
          // Someone else changed it since: the conflict (kept by the writer) shows instead.
          if (answerConflictOf(err) !== undefined) return setSave({ kind: 'idle' });
          const { message, retry } = saveError(err);
          setSave({ kind: 'error', message, retry: retry ? input : null });
        },
      );
    },
    [question, write, refs, setDraft, setSave],
  );
}

/**
 * Sends a draft: not when it is invalid, kept (not sent) while a conflict stands, nothing when
 * it says what is stored now.
 */
function useSend(
  question: Question,
  conflicts: AnswerConflicts,
  refs: WriteRefs,
  submit: (input: AnswerInput) => void,
  setSave: SetSave,
) {
  return useCallback(
    (d: AnswerDraft) => {
      const { timerRef, heldRef, inFlightRef, storedRef, dirtyRef, baseRef } = refs;
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = null;
      const built = bodyOf(question, d);
      if (!built.ok) {
        setSave({ kind: 'invalid', message: built.problem });
        return;
      }
      if (conflicts.get(question.key)) {
        // Kept for "Keep mine" (and when coming back to the question), not sent meanwhile.
        conflicts.revise(question.key, built.body);
        heldRef.current = inFlightRef.current > 0;
        setSave({ kind: 'idle' });
        return;
      }
      if (inFlightRef.current === 0 && sameBody(built.body, bodyOfAnswer(storedRef.current))) {
        // It says what is stored now: the person sees that answer, changes start from it.
        dirtyRef.current = false;
        baseRef.current = storedRef.current?.revision ?? 0;
        setSave((s) => (s.kind === 'invalid' || s.kind === 'error' ? { kind: 'idle' } : s));
        return;
      }
      submit({
        ...built.body,
        idempotencyKey: newIdempotencyKey(),
        answeredAt: new Date().toISOString(),
        baseRevision: baseRef.current,
      });
    },
    [question, submit, conflicts, refs, setSave],
  );
}

/**
 * Leaving the question (next, previous, another in the tree) saves what is typed; closing the
 * browser tab while something typed is unsent or on the wire makes the browser ask.
 */
function useSaveOnLeave(
  questionKey: string,
  conflicts: AnswerConflicts,
  refs: WriteRefs,
  send: (d: AnswerDraft) => void,
) {
  const { sendRef, timerRef, latestRef, inFlightRef } = refs;
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(
    () => () => {
      if (timerRef.current) {
        clearTimeout(timerRef.current);
        sendRef.current(latestRef.current);
      }
    },
    [sendRef, timerRef, latestRef],
  );
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (timerRef.current || inFlightRef.current > 0 || conflicts.get(questionKey))
        e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [conflicts, questionKey, timerRef, inFlightRef]);
}

/** Number keys answer: 1–3 yes/partial/no, 0–5 a level, 1–9 an option. */
function useAnswerShortcuts(
  disabled: boolean,
  question: Question,
  refs: WriteRefs,
  setDraft: SetDraft,
  send: (d: AnswerDraft) => void,
) {
  useEffect(() => {
    if (disabled) return;
    const { latestRef, dirtyRef } = refs;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || hasModifier(e) || isTypingTarget(e.target)) return;
      const value = shortcutValue(question, e.key);
      if (value === undefined || latestRef.current.na) return;
      e.preventDefault();
      const next = { ...latestRef.current, value };
      latestRef.current = next;
      dirtyRef.current = true;
      setDraft(next);
      send(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled, question, send, refs, setDraft]);
}

/**
 * The state of one question's answer on the assessor's screen: the draft shown, how its last
 * write went, and the conflict (with their answer) when someone else changed it since. A
 * choice is saved at once, typing once it pauses (`flush` saves it now). What is typed here
 * stays while others' answers arrive; one that arrives while nothing is changed here is shown.
 *
 * Each write is based on the revision of the answer the person saw when they started changing
 * it (then on what their own last write left). When someone else changed it since, the server
 * refuses it and the conflict stands: `keepMine` saves mine over theirs, `takeTheirs` shows
 * theirs and drops mine. Until then nothing of it is sent.
 */
export function useAnswerEditor({
  question,
  answer,
  disabled,
  writer,
}: {
  question: Question;
  answer: Answer | undefined;
  /** Answers cannot change (completed, read-only access): no number-key shortcuts. */
  disabled: boolean;
  writer: AnswerWriter;
}) {
  const { conflicts, write } = writer;
  const conflict = useSyncExternalStore(conflicts.subscribe, () => conflicts.get(question.key));
  // A conflict left by a write sent from here earlier: the person's answer, not yet saved.
  const [draft, setDraft] = useState<AnswerDraft>(() =>
    draftOf(question, conflict ? conflict.mine : answer),
  );
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const refs = useWriteRefs(draft, answer);
  const { latestRef, timerRef, heldRef, dirtyRef, baseRef } = refs;
  useLiveAnswer(question, answer, conflicts, refs, setDraft);
  const submit = useSubmit(question, write, refs, setDraft, setSave);
  const send = useSend(question, conflicts, refs, submit, setSave);
  useSaveOnLeave(question.key, conflicts, refs, send);
  useAnswerShortcuts(disabled, question, refs, setDraft, send);

  /** Saves the answer on screen over theirs (based on their revision). */
  const keepMine = (theirs: Answer | null) => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    const built = bodyOf(question, latestRef.current);
    if (!built.ok) return setSave({ kind: 'invalid', message: built.problem });
    heldRef.current = false;
    // Given now, on the server's clock: a device clock running behind must not make the server
    // keep their answer as the newer one ("superseded") when the person chose Keep mine.
    submit({
      ...built.body,
      idempotencyKey: newIdempotencyKey(),
      baseRevision: theirs?.revision ?? 0,
    });
  };

  /** Shows their answer and drops the one typed here. */
  const takeTheirs = (theirs: Answer | null) => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    heldRef.current = false;
    dirtyRef.current = false;
    const next = draftOf(question, theirs ?? undefined);
    latestRef.current = next;
    baseRef.current = theirs?.revision ?? 0;
    conflicts.drop(question.key);
    setDraft(next);
    setSave({ kind: 'idle' });
  };

  /** A choice is sent at once; typing (`typed`) once it pauses. */
  const change = (patch: Partial<AnswerDraft>, typed: boolean) => {
    const next = { ...latestRef.current, ...patch };
    latestRef.current = next;
    dirtyRef.current = true;
    setDraft(next);
    if (typed) {
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => send(latestRef.current), TYPING_SAVE_MS);
    } else {
      send(next);
    }
  };
  const flush = () => {
    if (timerRef.current) send(latestRef.current);
  };

  /** Confirms an automation's result as this person's answer. */
  const confirm = (a: Answer) =>
    submit({
      value: a.value,
      na: a.na,
      note: a.note,
      idempotencyKey: newIdempotencyKey(),
      answeredAt: new Date().toISOString(),
      baseRevision: a.revision,
    });

  /**
   * "Still true": last period's answer given again as this period's, based on the answer the
   * person saw (none: a question answered meanwhile is a conflict, never overwritten).
   */
  const stillTrue = (carried: Pick<Answer, 'value' | 'na' | 'note'>) => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    const next = draftOf(question, carried);
    latestRef.current = next;
    dirtyRef.current = true;
    setDraft(next);
    submit({
      value: carried.value,
      na: carried.na,
      note: carried.note,
      idempotencyKey: newIdempotencyKey(),
      answeredAt: new Date().toISOString(),
      baseRevision: baseRef.current,
    });
  };

  /** Their answer while a conflict stands (undefined: none). */
  const theirs = conflict ? theirAnswer(conflict, answer) : undefined;
  return {
    draft,
    save,
    conflict,
    theirs,
    change,
    flush,
    submit,
    keepMine,
    takeTheirs,
    confirm,
    stillTrue,
  };
}
