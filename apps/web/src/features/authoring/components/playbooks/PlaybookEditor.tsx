import {
  CONTENT_LIMITS,
  PLAYBOOK_PRIORITIES,
  PlaybookContentSchema,
  type Playbook,
} from '@tenantry/shared';
import { Button, Card, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { schemaResolver, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PRIORITY_LABELS } from '#web/components/ContentBadges.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import type { InsertImage, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import {
  formValuesOf,
  moveItem,
  newStep,
  toSaveBody,
  type PlaybookFormValues,
} from '../../lib/playbooks/playbook-form.ts';
import { t } from '../../messages.ts';
import { ItemEditor } from '../items/ItemEditor.tsx';
import { SortableSteps } from './SortableSteps.tsx';
import { StepCard } from './StepCard.tsx';

interface PlaybookEditorProps {
  playbook: Playbook;
  /** The list's URL (after a delete, "All playbooks"). */
  listHref: string;
  onInsertImage?: OpenImagePicker;
}

const validate = schemaResolver(PlaybookContentSchema, { sync: true });

/** Their version, read-only, for the conflict view. */
function PlaybookPreview({ playbook }: { playbook: Playbook }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>{playbook.title}</Text>
      {playbook.summary ? <Text size="sm">{playbook.summary}</Text> : null}
      <ol style={{ margin: 0, paddingLeft: 20 }}>
        {playbook.steps.map((s, i) => (
          <li key={i}>
            <Text size="sm" fw={500}>
              {s.title}
            </Text>
            {s.body ? <Markdown fz="sm">{s.body}</Markdown> : null}
          </li>
        ))}
      </ol>
    </Stack>
  );
}

interface StepsProps {
  form: UseFormReturnType<PlaybookFormValues>;
  /** The steps whose instructions are open, by uid. */
  expanded: ReadonlySet<string>;
  setExpanded: (update: (open: ReadonlySet<string>) => ReadonlySet<string>) => void;
  insertImage: InsertImage | undefined;
}

/** The ordered steps: drag and drop or the move buttons (announced), add, delete. */
function PlaybookSteps({ form, expanded, setExpanded, insertImage }: StepsProps) {
  const [moved, setMoved] = useState('');
  const { values } = form;

  function moveStep(from: number, to: number) {
    if (to < 0 || to >= values.steps.length || from === to) return;
    form.setFieldValue('steps', moveItem(form.getValues().steps, from, to));
    setMoved(t('steps.moved', { from: from + 1, to: to + 1, count: values.steps.length }));
  }

  function addStep() {
    const step = newStep();
    form.insertListItem('steps', step);
    setExpanded((e) => new Set([...e, step.uid]));
  }

  const toggle = (uid: string) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });

  return (
    <section aria-labelledby="playbook-steps-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="playbook-steps-title">
          {t('steps.title', { count: values.steps.length })}
        </Title>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {moved}
      </VisuallyHidden>
      {values.steps.length === 0 ? (
        <Card withBorder padding="lg" mb="sm">
          <Text c="dimmed" ta="center" size="sm">
            {t('steps.empty')}
          </Text>
        </Card>
      ) : (
        <SortableSteps
          items={values.steps}
          onMove={moveStep}
          nameOf={(s, i) =>
            s.title.trim()
              ? t('steps.name.titled', { number: i + 1, title: s.title.trim() })
              : t('steps.name', { number: i + 1 })
          }
        >
          {(step, index, handle) => (
            <StepCard
              form={form}
              step={step}
              index={index}
              count={values.steps.length}
              handle={handle}
              expanded={expanded.has(step.uid)}
              onToggle={() => toggle(step.uid)}
              onMove={(to) => moveStep(index, to)}
              onDelete={() => form.removeListItem('steps', index)}
              onInsertImage={insertImage}
            />
          )}
        </SortableSteps>
      )}
      {form.errors.steps ? (
        <Text size="sm" c="red" mt="xs">
          {form.errors.steps}
        </Text>
      ) : null}
      {values.steps.length < CONTENT_LIMITS.steps ? (
        <Button
          mt="sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={addStep}
        >
          {t('steps.add')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The playbook editor: title, summary, priority, tags and ordered steps, in the item editor
 * (save, conflict, publish, delete).
 */
export function PlaybookEditor({ playbook, listHref, onInsertImage }: PlaybookEditorProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // A problem in a step's instructions shows only when they are open.
  function openStepsWithErrors(errors: FormErrors, values: PlaybookFormValues) {
    const steps = new Set(
      Object.keys(errors)
        .map((k) => /^steps\.(\d+)\.body$/.exec(k)?.[1])
        .filter((i) => i !== undefined)
        .map((i) => values.steps[Number(i)]?.uid)
        .filter((uid): uid is string => uid !== undefined),
    );
    if (steps.size) setExpanded((e) => new Set([...e, ...steps]));
  }

  return (
    <ItemEditor
      kind="playbooks"
      item={playbook}
      listHref={listHref}
      formValuesOf={formValuesOf}
      toSaveBody={toSaveBody}
      validate={validate}
      onInsertImage={onInsertImage}
      onInvalid={openStepsWithErrors}
      renderTheirs={(current) => <PlaybookPreview playbook={current} />}
      besideTags={(form) => (
        <Select
          label={t('playbook.priority.label')}
          data={PLAYBOOK_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          allowDeselect={false}
          {...form.getInputProps('priority')}
          miw={160}
        />
      )}
    >
      {(form, insertImage) => (
        <PlaybookSteps
          form={form}
          expanded={expanded}
          setExpanded={setExpanded}
          insertImage={insertImage}
        />
      )}
    </ItemEditor>
  );
}
