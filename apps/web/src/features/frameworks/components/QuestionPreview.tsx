import {
  formatScore,
  QuestionSchema,
  questionScore,
  YES_NO_VALUES,
  type Question,
  type ScoredAnswer,
} from '@tenantry/shared';
import {
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { t } from '../messages.ts';

const yesNoLabel = (value: (typeof YES_NO_VALUES)[number]): string =>
  ({
    yes: t('preview.answer.yes'),
    partial: t('preview.answer.partial'),
    no: t('preview.answer.no'),
  })[value];

/** The answer controls a respondent gets for the question's type. */
function AnswerInput({
  question,
  answer,
  onChange,
}: {
  question: Question;
  answer: ScoredAnswer;
  onChange: (answer: ScoredAnswer) => void;
}) {
  const disabled = Boolean(answer.na);
  const set = (value: ScoredAnswer['value']) => onChange({ ...answer, value });
  switch (question.type) {
    case 'yes_no':
      return (
        <SegmentedControl
          aria-label={t('preview.answer')}
          disabled={disabled}
          value={typeof answer.value === 'string' ? answer.value : ''}
          onChange={set}
          data={YES_NO_VALUES.map((v) => ({ value: v, label: yesNoLabel(v) }))}
        />
      );
    case 'maturity':
      return (
        <Radio.Group
          label={t('preview.maturity')}
          value={typeof answer.value === 'number' ? String(answer.value) : null}
          onChange={(v) => set(Number(v))}
        >
          <Stack gap={4} mt={4}>
            {question.levels.map((label, level) => (
              <Radio
                key={level}
                value={String(level)}
                label={`${level} · ${label}`}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'single_choice':
      return (
        <Radio.Group
          label={t('preview.chooseOne')}
          value={typeof answer.value === 'string' ? answer.value : null}
          onChange={set}
        >
          <Stack gap={4} mt={4}>
            {question.options.map((o) => (
              <Radio key={o.key} value={o.key} label={o.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group
          label={t('preview.chooseAll')}
          value={Array.isArray(answer.value) ? answer.value : []}
          onChange={set}
        >
          <Stack gap={4} mt={4}>
            {question.options.map((o) => (
              <Checkbox key={o.key} value={o.key} label={o.label} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'number':
      return (
        <NumberInput
          label={t('preview.answer')}
          rightSection={question.unit ? <Text size="sm">{question.unit}</Text> : undefined}
          rightSectionWidth={
            question.unit ? Math.min(120, 16 + question.unit.length * 8) : undefined
          }
          value={typeof answer.value === 'number' ? answer.value : ''}
          onChange={(v) => set(typeof v === 'number' ? v : null)}
          disabled={disabled}
          maw={280}
        />
      );
    case 'text':
      return (
        <Textarea
          label={t('preview.answer')}
          autosize
          minRows={2}
          value={typeof answer.value === 'string' ? answer.value : ''}
          onChange={(e) => set(e.currentTarget.value)}
          disabled={disabled}
        />
      );
  }
}

/**
 * How a respondent sees the question as it is now (saved or not): its title, description and
 * answer controls, which can be tried out (nothing is stored), and the score the answer gets.
 */
export function QuestionPreview({ question }: { question: Question }) {
  const parsed = QuestionSchema.safeParse(question);
  const [answer, setAnswer] = useState<ScoredAnswer>({});
  if (!parsed.success) {
    return (
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('preview.label')}>
        <Text size="sm" c="dimmed">
          {t('preview.invalid')}
        </Text>
      </Paper>
    );
  }
  const q = parsed.data;
  const score = questionScore(q, answer);
  const answered =
    answer.na || (answer.value !== undefined && answer.value !== null && answer.value !== '');
  let scoreText: string;
  if (q.type === 'text') scoreText = t('preview.score.text');
  else if (answer.na) scoreText = t('preview.score.na');
  else if (score === null)
    scoreText = answered ? t('preview.score.invalid') : t('preview.score.none');
  else scoreText = formatScore(score);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('preview.label')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('preview.title')}
          </Text>
          <Badge variant="outline" size="sm" tt="none">
            {t('preview.tryIt')}
          </Badge>
        </Group>
        <Title order={4} style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" ff="monospace" size="sm">
            {q.key}
          </Text>{' '}
          {q.title}
        </Title>
        {q.description ? <Markdown size="sm">{q.description}</Markdown> : null}
        <AnswerInput question={q} answer={answer} onChange={setAnswer} />
        {q.naAllowed ? (
          <Checkbox
            label={t('preview.na')}
            checked={Boolean(answer.na)}
            onChange={(e) => setAnswer({ ...answer, na: e.currentTarget.checked })}
          />
        ) : null}
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('preview.score')}
          </Text>
          <Text size="sm" role="status" aria-label={t('preview.score.label')}>
            {scoreText}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
