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
import { t } from '../messages.ts';

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
    <Fieldset legend={t('levels.legend')} variant="filled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {question.levels.map((_, level) => (
          <TextInput
            key={level}
            label={t('levels.level', { level })}
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
  /** What a row is: an option or a band (its labels). */
  kind: 'option' | 'band';
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
  kind,
  canAdd,
  canRemove,
  newRow,
  fields,
}: ScoredRowsProps<T>) {
  const option = kind === 'option';
  return (
    <>
      {rows.map((row, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap">
          {fields(i)}
          <PercentInput
            label={
              option ? t('options.score', { number: i + 1 }) : t('bands.score', { number: i + 1 })
            }
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
            aria-label={
              option ? t('options.remove', { number: i + 1 }) : t('bands.remove', { number: i + 1 })
            }
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
          {option ? t('options.add') : t('bands.add')}
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
    <Fieldset legend={t('options.legend')} variant="filled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {question.type === 'single_choice' ? t('options.single') : t('options.multiple')}
        </Text>
        <ScoredRows
          form={form}
          path={path}
          rows={options}
          kind="option"
          canAdd={canAddOption(options)}
          canRemove={canRemoveOption(options)}
          newRow={() => newOption(options)}
          fields={(i) => (
            <>
              <TextInput
                label={t('options.key', { number: i + 1 })}
                maxLength={FRAMEWORK_LIMITS.key}
                styles={MONO}
                w={140}
                {...fieldProps(form, `${path}.${i}.key`)}
              />
              <TextInput
                label={t('options.label', { number: i + 1 })}
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
    <Fieldset legend={t('bands.legend')} variant="filled">
      <Stack gap="xs">
        <TextInput
          label={t('bands.unit')}
          description={t('bands.unit.description')}
          maxLength={FRAMEWORK_LIMITS.unit}
          maw={240}
          {...fieldProps(form, `${nodeRef}.unit`)}
        />
        <Text size="xs" c="dimmed">
          {t('bands.help')}
        </Text>
        <ScoredRows
          form={form}
          path={path}
          rows={bands}
          kind="band"
          canAdd={canAddBand(bands)}
          canRemove={canRemoveBand(bands)}
          newRow={() => newBand(bands)}
          fields={(i) => (
            <NumberInput
              label={t('bands.min', { number: i + 1 })}
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
