import {
  ASSESSMENT_ERROR_CODES,
  AnswerSchema,
  type Answer,
  type AnswerInput,
  type Question,
} from '@tenantry/shared';
import { conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { describeValue, type AnswerBody } from './answer-draft.ts';
import { relativeTime } from './assessment-view.ts';
import { t } from '../messages.ts';

/**
 * A write of this screen refused because someone else changed the answer since the revision
 * it was based on (409 `assessments.answer_conflict`): what the person wanted, and the answer
 * as the server had it then (null: cleared).
 */
export interface AnswerConflict {
  mine: AnswerBody;
  current: Answer | null;
}

const CurrentSchema = AnswerSchema.nullable();

/** The answer as it is now when `err` is an answer conflict; `undefined` for any other error. */
export function answerConflictOf(err: unknown): Answer | null | undefined {
  return conflictCurrent(err, CurrentSchema, ASSESSMENT_ERROR_CODES.answerConflict);
}

/** The body of a write (what the person chose, typed and noted). */
export function bodyOfInput(input: AnswerInput): AnswerBody {
  return { value: input.value ?? null, na: input.na ?? false, note: input.note ?? '' };
}

/**
 * The conflicts of one assessment screen, by question key. Kept outside the question's panel,
 * so that a write sent as the person left a question (or after they moved on) still shows its
 * conflict when they come back, and a live refresh of the assessment never loses one.
 */
export class AnswerConflicts {
  private items: ReadonlyMap<string, AnswerConflict> = new Map();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** All conflicts (a new map after every change, for useSyncExternalStore). */
  snapshot = (): ReadonlyMap<string, AnswerConflict> => this.items;

  get(key: string): AnswerConflict | undefined {
    return this.items.get(key);
  }

  /** A write of `key` was refused: it replaces what an earlier refusal said. */
  record(key: string, conflict: AnswerConflict): void {
    this.set(key, conflict);
  }

  /** The person changed their answer while the conflict stands (it is not sent meanwhile). */
  revise(key: string, mine: AnswerBody): void {
    const c = this.items.get(key);
    if (c) this.set(key, { ...c, mine });
  }

  /** Resolved: kept mine (saved), took theirs, or a later write of it went through. */
  drop(key: string): void {
    if (!this.items.has(key)) return;
    const next = new Map(this.items);
    next.delete(key);
    this.publish(next);
  }

  private set(key: string, conflict: AnswerConflict): void {
    this.publish(new Map(this.items).set(key, conflict));
  }

  private publish(next: ReadonlyMap<string, AnswerConflict>): void {
    this.items = next;
    for (const l of this.listeners) l();
  }
}

/**
 * Their answer as it is now: the one the refusal carried, or the stored one when a live
 * refresh brought a newer revision since (Keep mine is then based on that one).
 */
export function theirAnswer(conflict: AnswerConflict, stored: Answer | undefined): Answer | null {
  if (stored && stored.revision > (conflict.current?.revision ?? 0)) return stored;
  return conflict.current;
}

const NOTE_SHOWN = 80;

/**
 * "Ana Member changed this to Yes 2 minutes ago", with their note when it has one; "Someone
 * else cleared this answer" when it was cleared.
 */
export function conflictSummary(question: Question, theirs: Answer | null, now: number): string {
  if (!theirs) return t('conflict.cleared');
  const note = theirs.note.trim();
  const values = {
    who: theirs.answeredBy.name || t('conflict.someoneElse'),
    value: theirs.value === null ? '' : describeValue(question, theirs.value),
    note: note.length > NOTE_SHOWN ? `${note.slice(0, NOTE_SHOWN - 1)}…` : note,
    when: relativeTime(theirs.answeredAt, now),
  };
  if (theirs.na) {
    return note ? t('conflict.markedNaNoted', values) : t('conflict.markedNa', values);
  }
  if (theirs.value === null) {
    return note ? t('conflict.changedNoteNoted', values) : t('conflict.changedNote', values);
  }
  return note ? t('conflict.changedToNoted', values) : t('conflict.changedTo', values);
}
