import { ASSESSMENT_LIMITS, type Answer, type Question } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Group,
  Kbd,
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
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { conflictSummary } from '../lib/answer-conflict.ts';
import { describeValue, isTyped, type AnswerDraft } from '../lib/answer-draft.ts';
import { relativeTime } from '../lib/assessment-view.ts';
import { AnswerInputs } from './AnswerInputs.tsx';
import type { SaveState } from './use-answer-editor.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** After the name, which may carry its own parentheses ("Jo (office IT)"): never a second pair. */
const QUESTION_TYPES = {
  yes_no: 'question.type.yesNo',
  maturity: 'question.type.maturity',
  single_choice: 'question.type.singleChoice',
  multiple_choice: 'question.type.multipleChoice',
  number: 'question.type.number',
  // i18n-ignore: a catalogue key
  text: 'question.type.text',
} as const satisfies Record<Question['type'], string>;

const ANSWERED_BY = {
  member: 'answer.by.member',
  shared: 'answer.by.shared',
  respondent: 'answer.by.respondent',
  automation: 'answer.by.automation',
} as const satisfies Record<Answer['answeredBy']['source'], string>;

/** Where the question sits ("Question 4 of 27"), its title, key, type and badges. */
export function QuestionHeading({
  question,
  sectionTitles,
  position,
  gap,
  review,
}: {
  question: Question;
  sectionTitles: string[];
  position: { index: number; total: number };
  gap: boolean;
  review: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {sectionTitles.join(' › ')}
        {sectionTitles.length ? ' · ' : ''}
        {t('question.position', { index: position.index + 1, total: position.total })}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {question.title}
        </Title>
      </Group>
      <Group gap={6} mt={6}>
        <Code>{question.key}</Code>
        <Badge variant="light" size="sm" tt="none">
          {t(QUESTION_TYPES[question.type])}
        </Badge>
        {question.weight !== 1 ? (
          <Badge variant="outline" color="gray" size="sm" tt="none">
            {t('question.weight', { weight: question.weight })}
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
            {t('question.belowTarget')}
          </Badge>
        ) : null}
        {review ? (
          <Badge color="yellow" variant="light" size="sm" tt="none">
            {t('question.review')}
          </Badge>
        ) : null}
      </Group>
    </div>
  );
}

/** A section's or question's description, then its guidance in a shaded box. */
export function Texts({ description, guidance }: { description: string; guidance: string }) {
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
            {t('question.guidance')}
          </Text>
          <Markdown size="sm">{guidance}</Markdown>
        </Box>
      ) : null}
    </>
  );
}

/** Someone else changed the answer since: who, to what, and Keep mine or Take theirs. */
export function AnswerConflict({
  question,
  theirs,
  now,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  question: Question;
  theirs: Answer | null;
  now: number;
  busy: boolean;
  onKeepMine: (theirs: Answer | null) => void;
  onTakeTheirs: (theirs: Answer | null) => void;
}) {
  return (
    <RevisionConflict
      current={theirs}
      noun={t('conflict.answer')}
      savedBy={theirs?.answeredBy.name}
      savedAt={theirs?.answeredAt}
      summary={conflictSummary(question, theirs, now)}
      onKeepMine={onKeepMine}
      onTakeTheirs={onTakeTheirs}
      busy={busy}
      renderTheirs={(their) => (
        <Stack gap={4}>
          <Text size="sm">
            {rich(
              t,
              'conflict.theirAnswer',
              { value: describeValue(question, their?.value ?? null, their?.na) },
              { label: <strong>{t('conflict.theirAnswer.label')}</strong> },
            )}
          </Text>
          {their?.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {rich(
                t,
                'conflict.theirNote',
                { note: their.note },
                { label: <strong>{t('conflict.theirNote.label')}</strong> },
              )}
            </Text>
          ) : null}
        </Stack>
      )}
    />
  );
}

/** The input for the question's type, N/A when allowed, and the note. */
export function AnswerFields({
  question,
  draft,
  disabled,
  error,
  onChange,
  onTypedDone,
}: {
  question: Question;
  draft: AnswerDraft;
  disabled: boolean;
  error: string | null;
  /** A choice (`typed` false) or typing (true). */
  onChange: (patch: Partial<AnswerDraft>, typed: boolean) => void;
  onTypedDone: () => void;
}) {
  return (
    <>
      <AnswerInputs
        question={question}
        draft={draft}
        disabled={disabled}
        onChoose={(value) => onChange({ value }, false)}
        onType={(typed) => onChange({ typed }, true)}
        onTypedDone={onTypedDone}
        error={error}
      />
      {question.naAllowed ? (
        <Checkbox
          label={t('answer.naHere')}
          checked={draft.na}
          disabled={disabled}
          onChange={(e) => onChange({ na: e.currentTarget.checked }, false)}
        />
      ) : null}
      <Textarea
        label={t('answer.note.label')}
        description={t('answer.note.hint')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={ASSESSMENT_LIMITS.note}
        value={draft.note}
        disabled={disabled}
        onChange={(e) => onChange({ note: e.currentTarget.value }, true)}
        onBlur={onTypedDone}
      />
    </>
  );
}

/** Saving…, Saved, or a newer answer kept; nothing while a conflict stands. */
function SaveStatus({ save, conflict }: { save: SaveState; conflict: boolean }) {
  if (conflict) return null;
  switch (save.kind) {
    case 'saving':
      return (
        <Group gap={4} c="dimmed">
          <IconLoader2 size={14} aria-hidden />
          <Text size="sm">{t('save.saving')}</Text>
        </Group>
      );
    case 'saved':
      return (
        <Group gap={4} c="teal.7">
          <IconCheck size={14} aria-hidden />
          <Text size="sm">{t('save.saved')}</Text>
        </Group>
      );
    case 'superseded':
      return (
        <Text size="sm" c="orange.8">
          {t('save.superseded')}
        </Text>
      );
    default:
      return null;
  }
}

/** Who answered and when (an automation's result with Confirm), or "Not answered yet". */
function AnsweredBy({
  answer,
  now,
  onConfirm,
}: {
  answer: Answer | undefined;
  now: number;
  /** Confirms an automation's result; null when answers cannot change. */
  onConfirm: ((answer: Answer) => void) | null;
}) {
  if (answer?.answeredBy.source === 'automation') {
    return (
      <>
        <Badge size="sm" variant="light" color="grape">
          {t('answer.automated')}
        </Badge>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {rich(
            t,
            'answer.automation',
            { name: answer.answeredBy.name },
            {
              when: (
                <time dateTime={answer.answeredAt} title={formatDateTime(answer.answeredAt)}>
                  {relativeTime(answer.answeredAt, now)}
                </time>
              ),
            },
          )}
        </Text>
        {onConfirm ? (
          <Button size="compact-xs" variant="light" onClick={() => onConfirm(answer)}>
            {t('answer.confirm')}
          </Button>
        ) : null}
      </>
    );
  }
  if (answer) {
    return (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {rich(
          t,
          ANSWERED_BY[answer.answeredBy.source],
          { name: answer.answeredBy.name },
          {
            when: (
              <time dateTime={answer.answeredAt} title={formatDateTime(answer.answeredAt)}>
                {relativeTime(answer.answeredAt, now)}
              </time>
            ),
          },
        )}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {t('answer.notYet')}
    </Text>
  );
}

/** How the last write went (with Try again), who answered, and the history's button. */
export function AnswerStatusRow({
  save,
  conflict,
  answer,
  now,
  onRetry,
  onConfirm,
  onHistory,
}: {
  save: SaveState;
  conflict: boolean;
  answer: Answer | undefined;
  now: number;
  onRetry: () => void;
  onConfirm: ((answer: Answer) => void) | null;
  onHistory: () => void;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" mih={28}>
      <div role="status" aria-live="polite">
        <SaveStatus save={save} conflict={conflict} />
      </div>
      {save.kind === 'error' ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red">
            {save.message}
          </Text>
          {save.retry ? (
            <Button size="compact-xs" variant="light" onClick={onRetry}>
              {t('save.retry')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <Group gap="xs">
        <AnsweredBy answer={answer} now={now} onConfirm={onConfirm} />
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconHistory size={14} aria-hidden />}
          onClick={onHistory}
          disabled={!answer}
        >
          {t('answer.history')}
        </Button>
      </Group>
    </Group>
  );
}

/** The playbooks the question links to, by key. */
export function QuestionPlaybooks({
  keys,
  playbookHref,
}: {
  keys: string[];
  playbookHref: (key: string) => string;
}) {
  if (!keys.length) return null;
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {t('question.playbooks')}
      </Text>
      <Group gap="xs">
        {keys.map((key) => (
          <Anchor key={key} component={Link} to={playbookHref(key)} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconBook size={14} aria-hidden />
              {key}
            </Group>
          </Anchor>
        ))}
      </Group>
    </div>
  );
}

/** Previous and Next (each saves what is typed first), and the keyboard's hint. */
export function QuestionNav({
  question,
  disabled,
  onPrevious,
  onNext,
}: {
  question: Question;
  disabled: boolean;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  return (
    <Group justify="space-between" gap="xs">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={() => onPrevious?.()}
        disabled={!onPrevious}
      >
        {t('nav.previous')}
      </Button>
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {rich(
          t,
          disabled || isTyped(question) || question.type === 'multiple_choice'
            ? 'nav.hint'
            : question.type === 'maturity'
              ? 'nav.hint.maturity'
              : question.type === 'yes_no'
                ? 'nav.hint.yesNo'
                : 'nav.hint.numbers',
          {},
          {
            // i18n-ignore: the keys to press
            previous: <Kbd size="xs">k</Kbd>,
            // i18n-ignore: the keys to press
            next: <Kbd size="xs">j</Kbd>,
          },
        )}
      </Text>
      <Button
        rightSection={<IconArrowRight size={16} aria-hidden />}
        onClick={() => onNext?.()}
        disabled={!onNext}
      >
        {t('nav.next')}
      </Button>
    </Group>
  );
}
