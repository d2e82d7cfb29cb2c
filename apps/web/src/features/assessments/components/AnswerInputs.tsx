import type { Question } from '@tenantry/shared';
import {
  Checkbox,
  Group,
  Kbd,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { ASSESSMENT_LIMITS } from '@tenantry/shared';
import { YES_NO_LABELS, bandsText, maturityLabels, type AnswerDraft } from '../lib/answer-draft.ts';
import { t } from '../messages.ts';

export interface AnswerInputsProps {
  question: Question;
  draft: AnswerDraft;
  disabled: boolean;
  /** A chosen value (saved at once). */
  onChoose: (value: AnswerDraft['value']) => void;
  /** Typed text or a number (saved once typing pauses). */
  onType: (typed: string) => void;
  /** Typing ended (blur): save now. */
  onTypedDone: () => void;
  error: string | null;
}

function Choice({
  value,
  label,
  hint,
  detail,
  disabled,
}: {
  value: string;
  label: string;
  hint?: string;
  detail?: string;
  disabled: boolean;
}) {
  return (
    // The key hint beside the label is the choice's shortcut (aria-keyshortcuts), not its name.
    <Radio.Card
      value={value}
      p="xs"
      radius="md"
      disabled={disabled}
      aria-label={label}
      aria-keyshortcuts={hint}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Radio.Indicator disabled={disabled} mt={2} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          {detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </div>
        {hint ? (
          <Kbd size="xs" visibleFrom="sm" aria-hidden>
            {hint}
          </Kbd>
        ) : null}
      </Group>
    </Radio.Card>
  );
}

/** The answer's input by question type: yes/partial/no, a level, options, a number, text. */
export function AnswerInputs({
  question,
  draft,
  disabled,
  onChoose,
  onType,
  onTypedDone,
  error,
}: AnswerInputsProps) {
  const off = disabled || draft.na;
  const errorText = error ? (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  ) : null;
  switch (question.type) {
    case 'yes_no':
      return (
        <Radio.Group
          label={t('input.answer')}
          value={typeof draft.value === 'string' ? draft.value : null}
          onChange={(v) => onChoose(v)}
          error={error}
        >
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
            {(['yes', 'partial', 'no'] as const).map((v, i) => (
              <Choice
                key={v}
                value={v}
                label={YES_NO_LABELS[v]!}
                hint={String(i + 1)}
                disabled={off}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
      );
    case 'maturity': {
      const labels = maturityLabels(question);
      return (
        <Radio.Group
          label={t('input.maturity')}
          value={typeof draft.value === 'number' ? String(draft.value) : null}
          onChange={(v) => onChoose(Number(v))}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {labels.map((label, level) => (
              <Choice
                key={level}
                value={String(level)}
                label={`${level} · ${label}`}
                hint={String(level)}
                disabled={off}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    case 'single_choice':
      return (
        <Radio.Group
          label={t('input.answer')}
          value={typeof draft.value === 'string' ? draft.value : null}
          onChange={(v) => onChoose(v)}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {question.options.map((o, i) => (
              <Choice
                key={o.key}
                value={o.key}
                label={o.label}
                hint={i < 9 ? String(i + 1) : undefined}
                disabled={off}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice': {
      const chosen = Array.isArray(draft.value) ? draft.value : [];
      return (
        <Checkbox.Group
          label={t('input.multiple')}
          value={chosen}
          onChange={onChoose}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {question.options.map((o) => (
              <Checkbox.Card
                key={o.key}
                value={o.key}
                p="xs"
                radius="md"
                disabled={off}
                aria-label={o.label}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox.Indicator disabled={off} mt={2} />
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {o.label}
                  </Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'number':
      return (
        <>
          <TextInput
            label={t('input.answer')}
            description={t('input.number.scores', { bands: bandsText(question) })}
            inputMode="decimal"
            value={draft.typed}
            onChange={(e) => onType(e.currentTarget.value)}
            onBlur={onTypedDone}
            disabled={off}
            rightSection={question.unit ? <Text size="sm">{question.unit}</Text> : undefined}
            rightSectionWidth={
              question.unit ? Math.max(36, question.unit.length * 9 + 16) : undefined
            }
            styles={{ wrapper: { maxWidth: 260 } }}
            error={error}
          />
        </>
      );
    case 'text':
      return (
        <>
          <Textarea
            label={t('input.answer')}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={ASSESSMENT_LIMITS.text}
            value={draft.typed}
            onChange={(e) => onType(e.currentTarget.value)}
            onBlur={onTypedDone}
            disabled={off}
          />
          {errorText}
        </>
      );
  }
}
