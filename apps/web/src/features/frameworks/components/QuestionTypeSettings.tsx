import { FRAMEWORK_LIMITS, type Question } from '@tenantry/shared';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fieldProps, setField, setList, type FrameworkForm } from '../lib/editor-form.ts';
import {
  canAddBand,
  canAddOption,
  canRemoveBand,
  canRemoveOption,
  newBand,
  newOption,
} from '../lib/question-types.ts';
import { PercentInput } from './PercentInput.tsx';

interface SettingsProps {
  form: FrameworkForm;
  nodeRef: string;
  question: Question;
}

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

function ListError({ error }: { error: string | undefined }) {
  return error ? (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  ) : null;
}

/** The six labels of maturity levels 0–5. */
function MaturityLevels({ form, nodeRef, question }: SettingsProps) {
  if (question.type !== 'maturity') return null;
  return (
    <Fieldset legend="Maturity labels (levels 0 to 5)" variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {question.levels.map((_, level) => (
          <TextInput
            key={level}
            label={`Level ${level}`}
            maxLength={FRAMEWORK_LIMITS.levelLabel}
            {...fieldProps(form, `${nodeRef}.levels.${level}`)}
          />
        ))}
      </SimpleGrid>
      <ListError error={form.errors[`${nodeRef}.levels`] as string | undefined} />
    </Fieldset>
  );
}

interface ScoredRowsProps<T extends { score: number }> {
  form: FrameworkForm;
  /** The list's path in the document (`sections.0.questions.1.options`). */
  path: string;
  rows: readonly T[];
  /** A row in words: "option", "band". */
  noun: string;
  canAdd: boolean;
  canRemove: boolean;
  newRow: () => T;
  /** The row's own fields, before its score. */
  fields: (index: number) => ReactNode;
}

/** Rows that each score (0–100 %): their fields, the score, remove; the list's error; add. */
function ScoredRows<T extends { score: number }>({
  form,
  path,
  rows,
  noun,
  canAdd,
  canRemove,
  newRow,
  fields,
}: ScoredRowsProps<T>) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {rows.map((row, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap">
          {fields(i)}
          <PercentInput
            label={`${Noun} ${i + 1} score`}
            w={120}
            value={row.score}
            onChange={(v) => setField(form, `${path}.${i}.score`, v)}
            error={form.errors[`${path}.${i}.score`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={24}
            aria-label={`Remove ${noun} ${i + 1}`}
            disabled={!canRemove}
            onClick={() =>
              setList(
                form,
                path,
                rows.filter((_, j) => j !== i),
              )
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <ListError error={form.errors[path] as string | undefined} />
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!canAdd}
          onClick={() => setList(form, path, [...rows, newRow()])}
        >
          Add {noun}
        </Button>
      </Group>
    </>
  );
}

/** Choice options: key, label and score (shown 0–100 %). */
function ChoiceOptions({ form, nodeRef, question }: SettingsProps) {
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice') return null;
  const path = `${nodeRef}.options`;
  const options = question.options;
  return (
    <Fieldset legend="Options" variant="filled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {question.type === 'single_choice'
            ? 'The chosen option’s score is the answer’s score.'
            : 'The chosen options’ scores add up, to at most 100 %.'}
        </Text>
        <ScoredRows
          form={form}
          path={path}
          rows={options}
          noun="option"
          canAdd={canAddOption(options)}
          canRemove={canRemoveOption(options)}
          newRow={() => newOption(options)}
          fields={(i) => (
            <>
              <TextInput
                label={`Option ${i + 1} key`}
                maxLength={FRAMEWORK_LIMITS.key}
                styles={MONO}
                w={140}
                {...fieldProps(form, `${path}.${i}.key`)}
              />
              <TextInput
                label={`Option ${i + 1} label`}
                maxLength={FRAMEWORK_LIMITS.optionLabel}
                flex="1 1 180px"
                miw={0}
                {...fieldProps(form, `${path}.${i}.label`)}
              />
            </>
          )}
        />
      </Stack>
    </Fieldset>
  );
}

/** A number's unit and its bands: from a minimum on, a score. */
function NumberBands({ form, nodeRef, question }: SettingsProps) {
  if (question.type !== 'number') return null;
  const path = `${nodeRef}.bands`;
  const bands = question.bands;
  return (
    <Fieldset legend="Unit and score bands" variant="filled">
      <Stack gap="xs">
        <TextInput
          label="Unit"
          description="Shown beside the answer, e.g. days, %, devices."
          maxLength={FRAMEWORK_LIMITS.unit}
          maw={240}
          {...fieldProps(form, `${nodeRef}.unit`)}
        />
        <Text size="xs" c="dimmed">
          An answer gets the score of the highest band whose minimum it reaches; below the first
          band it scores 0 %. Minimums go up from band to band.
        </Text>
        <ScoredRows
          form={form}
          path={path}
          rows={bands}
          noun="band"
          canAdd={canAddBand(bands)}
          canRemove={canRemoveBand(bands)}
          newRow={() => newBand(bands)}
          fields={(i) => (
            <NumberInput
              label={`Band ${i + 1} from`}
              w={150}
              {...fieldProps(form, `${path}.${i}.min`)}
            />
          )}
        />
      </Stack>
    </Fieldset>
  );
}

/** The settings of the question's type (none for yes/no and free text). */
export function QuestionTypeSettings(props: SettingsProps) {
  return (
    <>
      <MaturityLevels {...props} />
      <ChoiceOptions {...props} />
      <NumberBands {...props} />
    </>
  );
}
