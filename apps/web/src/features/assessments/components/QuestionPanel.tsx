import type { Answer, Question } from '@tenantry/shared';
import { Alert, Paper, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AnswerWriter } from '../api/save-answer.ts';
import type { CarriedView } from '../lib/carried.ts';
import { AnswerHistoryDrawer } from './AnswerHistoryDrawer.tsx';
import { CarriedAnswer } from './CarriedAnswer.tsx';
import {
  AnswerConflict,
  AnswerFields,
  AnswerStatusRow,
  QuestionHeading,
  QuestionNav,
  QuestionPlaybooks,
  Texts,
} from './QuestionPanelParts.tsx';
import { AcrossClientsLink } from '#web/components/AcrossClientsLink.tsx';
import { ReviewNote } from './ReviewNote.tsx';
import { useAnswerEditor } from './use-answer-editor.ts';

/** What a part of an answer composed from another feature (its evidence) is given. */
export interface AnswerExtrasContext {
  question: Question;
  /** The answer may change (an open assessment, a person who answers). */
  canEdit: boolean;
  /** The question's element (a paste while it holds the focus belongs to it). */
  scope: HTMLElement | null;
}

export interface QuestionPanelProps {
  tenantId: string;
  assessmentId: string;
  question: Question;
  /** The titles of the sections above it, outermost first. */
  sectionTitles: string[];
  /** "Question 4 of 27". */
  position: { index: number; total: number };
  answer: Answer | undefined;
  /** Answered below its section's target. */
  gap: boolean;
  /**
   * Marked for review after a carry-forward: the version it changed in, and whether this
   * person may mark it reviewed; null when not to review.
   */
  review: { version: number; canMark: boolean } | null;
  /** Why the answer cannot be changed (completed, read-only access); null when it can. */
  readOnly: ReactNode | null;
  /** Last period's answer carried into this assessment, and its state; undefined: none. */
  carried?: CarriedView | undefined;
  /** Sends the answer's writes and keeps their conflicts. */
  writer: AnswerWriter;
  playbookHref: (key: string) => string;
  /**
   * The framework whose question a member may look up across all clients ("How do my clients
   * answer this?"); null for shared users (it is account-wide).
   */
  acrossClientsOf?: string | null;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  now: number;
  /** More of the answer from other features (its evidence), below its status. */
  answerExtras?: ((ctx: AnswerExtrasContext) => ReactNode) | undefined;
}

/**
 * One question: where it sits, its texts, the input for its type, N/A and a note, who
 * answered and when, its history and playbooks. How its answer is saved, and what a conflict
 * with someone else's answer does, is `useAnswerEditor`'s (use-answer-editor.ts).
 */
export function QuestionPanel({
  tenantId,
  assessmentId,
  question,
  sectionTitles,
  position,
  answer,
  gap,
  review,
  readOnly,
  carried,
  writer,
  playbookHref,
  acrossClientsOf = null,
  onPrevious,
  onNext,
  now,
  answerExtras,
}: QuestionPanelProps) {
  const disabled = readOnly !== null;
  const editor = useAnswerEditor({ question, answer, disabled, writer });
  const { draft, save, theirs, flush } = editor;
  const [historyOpen, setHistoryOpen] = useState(false);
  // A carried answer to confirm shows "Still true" / "Changed"; "Changed" opens the controls.
  const [changing, setChanging] = useState(false);
  const toConfirm = carried?.state === 'to_confirm' && !disabled;
  const fieldsShown = !toConfirm || changing || theirs !== undefined;
  const fieldsRef = useRef<HTMLDivElement>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!changing) return;
    fieldsRef.current
      ?.querySelector<HTMLElement>(
        'input:not([disabled]), [role="radio"], [role="checkbox"], textarea:not([disabled])',
      )
      ?.focus();
  }, [changing]);
  // Leaving the question saves what is typed first.
  const leave = (go: (() => void) | null) =>
    go &&
    (() => {
      flush();
      go();
    });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" ref={setPanel}>
      <Stack gap="md">
        <QuestionHeading
          question={question}
          sectionTitles={sectionTitles}
          position={position}
          gap={gap}
          review={review !== null}
        />

        {review ? (
          <ReviewNote
            tenantId={tenantId}
            assessmentId={assessmentId}
            questionKey={question.key}
            version={review.version}
            canMark={review.canMark}
          />
        ) : null}

        <Texts description={question.description} guidance={question.guidance} />
        {acrossClientsOf ? (
          <AcrossClientsLink frameworkId={acrossClientsOf} questionKey={question.key} />
        ) : null}

        {readOnly ? (
          <Alert
            color="gray"
            variant="light"
            p="xs"
            icon={<IconLock size={16} aria-hidden />}
            role="note"
          >
            {readOnly}
          </Alert>
        ) : null}

        {theirs !== undefined ? (
          <AnswerConflict
            question={question}
            theirs={theirs}
            now={now}
            busy={save.kind === 'saving'}
            onKeepMine={editor.keepMine}
            onTakeTheirs={editor.takeTheirs}
          />
        ) : null}

        {carried ? (
          <CarriedAnswer
            question={question}
            view={carried}
            canAnswer={!disabled}
            changing={changing}
            busy={save.kind === 'saving'}
            onStillTrue={() => editor.stillTrue(carried.carried)}
            onChanged={() => setChanging(true)}
          />
        ) : null}

        {fieldsShown ? (
          <div ref={fieldsRef}>
            <AnswerFields
              question={question}
              draft={draft}
              disabled={disabled}
              error={save.kind === 'invalid' && !draft.na ? save.message : null}
              onChange={editor.change}
              onTypedDone={flush}
            />
          </div>
        ) : null}

        <AnswerStatusRow
          save={save}
          conflict={Boolean(editor.conflict)}
          answer={answer}
          now={now}
          onRetry={() => save.kind === 'error' && save.retry && editor.submit(save.retry)}
          onConfirm={disabled ? null : editor.confirm}
          onHistory={() => setHistoryOpen(true)}
        />

        {answerExtras?.({ question, canEdit: !disabled, scope: panel })}

        <QuestionPlaybooks keys={question.playbooks} playbookHref={playbookHref} />

        <QuestionNav
          question={question}
          disabled={disabled}
          onPrevious={leave(onPrevious)}
          onNext={leave(onNext)}
        />
      </Stack>
      <AnswerHistoryDrawer
        tenantId={tenantId}
        assessmentId={assessmentId}
        question={question}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
    </Paper>
  );
}
