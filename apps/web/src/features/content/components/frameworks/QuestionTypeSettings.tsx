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
import {
  fieldProps,
  setField,
  setList,
  type FrameworkForm,
} from '../../lib/frameworks/editor-form.ts';
import {
  canAddBand,
  canAddOption,
  canRemoveBand,
  canRemoveOption,
  newBand,
  newOption,
} from '../../lib/frameworks/question-types.ts';
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
        {options.map((o, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
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
            <PercentInput
              label={`Option ${i + 1} score`}
              w={120}
              value={o.score}
              onChange={(v) => setField(form, `${path}.${i}.score`, v)}
              error={form.errors[`${path}.${i}.score`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Remove option ${i + 1}`}
              disabled={!canRemoveOption(options)}
              onClick={() =>
                setList(
                  form,
                  path,
                  options.filter((_, j) => j !== i),
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
            disabled={!canAddOption(options)}
            onClick={() => setList(form, path, [...options, newOption(options)])}
          >
            Add option
          </Button>
        </Group>
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
        {bands.map((b, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
            <NumberInput
              label={`Band ${i + 1} from`}
              w={150}
              {...fieldProps(form, `${path}.${i}.min`)}
            />
            <PercentInput
              label={`Band ${i + 1} score`}
              w={120}
              value={b.score}
              onChange={(v) => setField(form, `${path}.${i}.score`, v)}
              error={form.errors[`${path}.${i}.score`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Remove band ${i + 1}`}
              disabled={!canRemoveBand(bands)}
              onClick={() =>
                setList(
                  form,
                  path,
                  bands.filter((_, j) => j !== i),
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
            disabled={!canAddBand(bands)}
            onClick={() => setList(form, path, [...bands, newBand(bands)])}
          >
            Add band
          </Button>
        </Group>
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
