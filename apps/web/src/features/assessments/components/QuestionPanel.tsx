import {
  ASSESSMENT_LIMITS,
  QUESTION_TYPE_LABELS,
  type Answer,
  type AnswerInput,
  type Question,
} from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Group,
  Kbd,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconBook,
  IconCheck,
  IconHistory,
  IconLoader2,
  IconLock,
} from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import type { AnswerWriter } from '../api/save-answer.ts';
import { answerConflictOf, conflictSummary, theirAnswer } from '../lib/answer-conflict.ts';
import {
  bodyOf,
  bodyOfAnswer,
  describeValue,
  draftOf,
  isTyped,
  sameBody,
  shortcutValue,
  type AnswerDraft,
} from '../lib/answer-draft.ts';
import { relativeTime } from '../lib/assessment-view.ts';
import { hasModifier, isTypingTarget } from '../lib/keyboard.ts';
import { newIdempotencyKey } from '../lib/write-queue.ts';
import { AnswerHistoryDrawer } from './AnswerHistoryDrawer.tsx';
import { AnswerInputs } from './AnswerInputs.tsx';
import { ReviewNote } from './ReviewNote.tsx';

/** How long typing pauses before a number, text or note is saved. */
export const TYPING_SAVE_MS = 800;

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'superseded' }
  | { kind: 'invalid'; message: string }
  /** `retry`: the write to send again (same idempotency key), when trying again may help. */
  | { kind: 'error'; message: string; retry: AnswerInput | null };

/** After the name, which may carry its own parentheses ("Jo (office IT)"): never a second pair. */
const SOURCE_LABELS: Record<Answer['answeredBy']['source'], string> = {
  member: '',
  shared: ' · shared contributor',
  respondent: ' · respondent',
  automation: ' · automation',
};

function saveError(err: unknown): { message: string; retry: boolean } {
  if (err instanceof ApiError) {
    if (err.code === 'assessments.locked') {
      return {
        message: 'Not saved: the assessment was completed, its answers are locked.',
        retry: false,
      };
    }
    if (err.code === 'assessments.invalid_answer') {
      const why = err.fields.value;
      return { message: why ? `Not saved: the answer ${why}.` : err.message, retry: false };
    }
    if (err.status === 404) {
      return { message: 'Not saved: this question is no longer in the assessment.', retry: false };
    }
    if (err.status === 0) {
      return { message: 'Not saved: the server could not be reached.', retry: true };
    }
    return { message: `Not saved: ${err.message}`, retry: err.status >= 500 };
  }
  return { message: 'Not saved. Please try again.', retry: true };
}

/** A section's or question's description, then its guidance in a shaded box. */
function Texts({ description, guidance }: { description: string; guidance: string }) {
  return (
    <>
      {description ? <Markdown size="sm">{description}</Markdown> : null}
      {guidance ? (
        <Box
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
            Guidance
          </Text>
          <Markdown size="sm">{guidance}</Markdown>
        </Box>
      ) : null}
    </>
  );
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
  /** Sends the answer's writes and keeps their conflicts. */
  writer: AnswerWriter;
  playbookHref: (key: string) => string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  now: number;
}

/**
 * One question: where it sits, its texts, the input for its type, N/A and a note, who
 * answered and when, its history and playbooks. A choice is saved at once, typing once it
 * pauses (and when the field is left or the question changes). What is typed here stays while
 * others' answers arrive; one that arrives while nothing is changed here is simply shown.
 *
 * Each write is based on the revision of the answer the person saw when they started
 * changing it (then on what their own last write left). When someone else changed it since,
 * the server refuses it and the conflict shows here, with their answer: Keep mine saves mine
 * over theirs, Take theirs shows theirs and drops mine. Until then nothing of it is sent.
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
  writer,
  playbookHref,
  onPrevious,
  onNext,
  now,
}: QuestionPanelProps) {
  const { conflicts, write } = writer;
  const conflict = useSyncExternalStore(conflicts.subscribe, () => conflicts.get(question.key));
  // A conflict left by a write sent from here earlier: the person's answer, not yet saved.
  const [draft, setDraft] = useState<AnswerDraft>(() =>
    draftOf(question, conflict ? conflict.mine : answer),
  );
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [historyOpen, setHistoryOpen] = useState(false);
  const latest = useRef(draft);
  /** Local edits the server has not confirmed yet. */
  const dirty = useRef(false);
  /** Writes of this question sent and not answered yet. */
  const inFlight = useRef(0);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef<(d: AnswerDraft) => void>(() => {});
  const stored = useRef(answer);
  /** The revision the next write is based on: the answer as the person saw it (0: none). */
  const base = useRef(answer?.revision ?? 0);
  /** A change made while the conflict stood (kept, not sent): sent once it is resolved. */
  const held = useRef(false);
  useEffect(() => {
    stored.current = answer;
  });

  // Someone else's answer arrived (live): shown, unless something changed here is pending or
  // in conflict (then the write stays based on what the person saw).
  const stamp = answer ? `${answer.revision}|${answer.answeredAt}` : 'none';
  useEffect(() => {
    if (dirty.current || inFlight.current > 0 || timer.current || conflicts.get(question.key))
      return;
    const next = draftOf(question, stored.current);
    latest.current = next;
    base.current = stored.current?.revision ?? 0;
    setDraft(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);

  const submit = useCallback(
    (input: AnswerInput) => {
      const mine = ++seq.current;
      inFlight.current++;
      setSave({ kind: 'saving' });
      write(question.key, input).then(
        (result) => {
          inFlight.current--;
          // What this write left is what the next one is based on.
          base.current = result.answer?.revision ?? 0;
          if (mine !== seq.current) return;
          if (held.current) {
            // Changed while "Keep mine" was on the wire: that change goes too.
            held.current = false;
            sendRef.current(latest.current);
            return;
          }
          // Something typed since is still waiting for its pause: it stays (and is sent).
          const typing = timer.current !== null;
          if (!typing) dirty.current = false;
          if (result.outcome === 'superseded' && !typing) {
            // A newer answer (given elsewhere, later) is kept: show it.
            const next = draftOf(question, result.answer ?? undefined);
            latest.current = next;
            setDraft(next);
            setSave({ kind: 'superseded' });
          } else {
            setSave({ kind: typing ? 'idle' : 'saved' });
          }
        },
        (err: unknown) => {
          inFlight.current--;
          if (mine !== seq.current) return;
          // Someone else changed it since: the conflict (kept by the writer) shows instead.
          if (answerConflictOf(err) !== undefined) return setSave({ kind: 'idle' });
          const { message, retry } = saveError(err);
          setSave({ kind: 'error', message, retry: retry ? input : null });
        },
      );
    },
    [question, write],
  );

  const send = useCallback(
    (d: AnswerDraft) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const built = bodyOf(question, d);
      if (!built.ok) {
        setSave({ kind: 'invalid', message: built.problem });
        return;
      }
      if (conflicts.get(question.key)) {
        // Kept for "Keep mine" (and when coming back to the question), not sent meanwhile.
        conflicts.revise(question.key, built.body);
        held.current = inFlight.current > 0;
        setSave({ kind: 'idle' });
        return;
      }
      if (inFlight.current === 0 && sameBody(built.body, bodyOfAnswer(stored.current))) {
        // It says what is stored now: the person sees that answer, changes start from it.
        dirty.current = false;
        base.current = stored.current?.revision ?? 0;
        setSave((s) => (s.kind === 'invalid' || s.kind === 'error' ? { kind: 'idle' } : s));
        return;
      }
      submit({
        ...built.body,
        idempotencyKey: newIdempotencyKey(),
        answeredAt: new Date().toISOString(),
        baseRevision: base.current,
      });
    },
    [question, submit, conflicts],
  );

  /** Saves the answer on screen over theirs (based on their revision). */
  const keepMine = (theirs: Answer | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const built = bodyOf(question, latest.current);
    if (!built.ok) return setSave({ kind: 'invalid', message: built.problem });
    held.current = false;
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
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    held.current = false;
    dirty.current = false;
    const next = draftOf(question, theirs ?? undefined);
    latest.current = next;
    base.current = theirs?.revision ?? 0;
    conflicts.drop(question.key);
    setDraft(next);
    setSave({ kind: 'idle' });
  };

  const change = (patch: Partial<AnswerDraft>, typed: boolean) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    dirty.current = true;
    setDraft(next);
    if (typed) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => send(latest.current), TYPING_SAVE_MS);
    } else {
      send(next);
    }
  };
  const flush = () => {
    if (timer.current) send(latest.current);
  };

  // Leaving the question (next, previous, another in the tree) saves what is typed.
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        sendRef.current(latest.current);
      }
    },
    [],
  );

  // Closing the browser tab while something typed is unsent or on the wire: the browser asks.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (timer.current || inFlight.current > 0 || conflicts.get(question.key)) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [conflicts, question.key]);

  const disabled = readOnly !== null;
  // Number keys answer: 1–3 yes/partial/no, 0–5 a level, 1–9 an option.
  useEffect(() => {
    if (disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || hasModifier(e) || isTypingTarget(e.target)) return;
      const value = shortcutValue(question, e.key);
      if (value === undefined || latest.current.na) return;
      e.preventDefault();
      const next = { ...latest.current, value };
      latest.current = next;
      dirty.current = true;
      setDraft(next);
      send(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled, question, send]);

  /** Their answer while a conflict stands (undefined: none). */
  const theirs = conflict ? theirAnswer(conflict, answer) : undefined;
  const status = (() => {
    if (conflict) return null;
    switch (save.kind) {
      case 'saving':
        return (
          <Group gap={4} c="dimmed">
            <IconLoader2 size={14} aria-hidden />
            <Text size="sm">Saving…</Text>
          </Group>
        );
      case 'saved':
        return (
          <Group gap={4} c="teal.7">
            <IconCheck size={14} aria-hidden />
            <Text size="sm">Saved</Text>
          </Group>
        );
      case 'superseded':
        return (
          <Text size="sm" c="orange.8">
            A newer answer given meanwhile was kept; it is shown here.
          </Text>
        );
      default:
        return null;
    }
  })();

  const linked = question.playbooks;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {sectionTitles.join(' › ')}
            {sectionTitles.length ? ' · ' : ''}Question {position.index + 1} of {position.total}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {question.title}
            </Title>
          </Group>
          <Group gap={6} mt={6}>
            <Code>{question.key}</Code>
            <Badge variant="light" size="sm" tt="none">
              {QUESTION_TYPE_LABELS[question.type]}
            </Badge>
            {question.weight !== 1 ? (
              <Badge variant="outline" color="gray" size="sm" tt="none">
                Weight {question.weight}
              </Badge>
            ) : null}
            {gap ? (
              <Badge
                color="orange"
                variant="light"
                size="sm"
                tt="none"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
              >
                Below target
              </Badge>
            ) : null}
            {review ? (
              <Badge color="yellow" variant="light" size="sm" tt="none">
                Review
              </Badge>
            ) : null}
          </Group>
        </div>

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
          <RevisionConflict
            current={theirs}
            noun="answer"
            savedBy={theirs?.answeredBy.name}
            savedAt={theirs?.answeredAt}
            summary={conflictSummary(question, theirs, now)}
            onKeepMine={keepMine}
            onTakeTheirs={takeTheirs}
            busy={save.kind === 'saving'}
            renderTheirs={(t) => (
              <Stack gap={4}>
                <Text size="sm">
                  <strong>Their answer:</strong> {describeValue(question, t?.value ?? null, t?.na)}
                </Text>
                {t?.note ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <strong>Their note:</strong> {t.note}
                  </Text>
                ) : null}
              </Stack>
            )}
          />
        ) : null}

        <AnswerInputs
          question={question}
          draft={draft}
          disabled={disabled}
          onChoose={(value) => change({ value }, false)}
          onType={(typed) => change({ typed }, true)}
          onTypedDone={flush}
          error={save.kind === 'invalid' && !draft.na ? save.message : null}
        />
        {question.naAllowed ? (
          <Checkbox
            label="Not applicable here"
            checked={draft.na}
            disabled={disabled}
            onChange={(e) => change({ na: e.currentTarget.checked }, false)}
          />
        ) : null}
        <Textarea
          label="Note"
          description="Evidence, context or what is planned"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ASSESSMENT_LIMITS.note}
          value={draft.note}
          disabled={disabled}
          onChange={(e) => change({ note: e.currentTarget.value }, true)}
          onBlur={flush}
        />

        <Group justify="space-between" gap="xs" wrap="wrap" mih={28}>
          <div role="status" aria-live="polite">
            {status}
          </div>
          {save.kind === 'error' ? (
            <Group gap="xs" role="alert">
              <Text size="sm" c="red">
                {save.message}
              </Text>
              {save.retry ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => save.retry && submit(save.retry)}
                >
                  Try again
                </Button>
              ) : null}
            </Group>
          ) : null}
          <Group gap="xs">
            {answer?.answeredBy.source === 'automation' ? (
              <>
                <Badge size="sm" variant="light" color="grape">
                  Automated
                </Badge>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Result from {answer.answeredBy.name}, observed{' '}
                  <time dateTime={answer.answeredAt} title={formatDateTime(answer.answeredAt)}>
                    {relativeTime(answer.answeredAt, now)}
                  </time>
                </Text>
                {disabled ? null : (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() =>
                      submit({
                        value: answer.value,
                        na: answer.na,
                        note: answer.note,
                        idempotencyKey: newIdempotencyKey(),
                        answeredAt: new Date().toISOString(),
                        baseRevision: answer.revision,
                      })
                    }
                  >
                    Confirm
                  </Button>
                )}
              </>
            ) : answer ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Answered by {answer.answeredBy.name}
                {SOURCE_LABELS[answer.answeredBy.source]}{' '}
                <time dateTime={answer.answeredAt} title={formatDateTime(answer.answeredAt)}>
                  {relativeTime(answer.answeredAt, now)}
                </time>
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                Not answered yet
              </Text>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconHistory size={14} aria-hidden />}
              onClick={() => setHistoryOpen(true)}
              disabled={!answer}
            >
              History
            </Button>
          </Group>
        </Group>

        {linked.length ? (
          <div>
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              Playbooks
            </Text>
            <Group gap="xs">
              {linked.map((key) => (
                <Anchor key={key} component={Link} to={playbookHref(key)} size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconBook size={14} aria-hidden />
                    {key}
                  </Group>
                </Anchor>
              ))}
            </Group>
          </div>
        ) : null}

        <Group justify="space-between" gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => {
              flush();
              onPrevious?.();
            }}
            disabled={!onPrevious}
          >
            Previous
          </Button>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            <Kbd size="xs">k</Kbd> / <Kbd size="xs">j</Kbd> to move
            {disabled || isTyped(question) || question.type === 'multiple_choice'
              ? ''
              : question.type === 'maturity'
                ? ', 0–5 to answer'
                : question.type === 'yes_no'
                  ? ', 1–3 to answer'
                  : ', numbers to answer'}
          </Text>
          <Button
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => {
              flush();
              onNext?.();
            }}
            disabled={!onNext}
          >
            Next
          </Button>
        </Group>
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
