import { CONTENT_LIMITS, STEP_EFFORTS } from '@tenantry/shared';
import { stepEffortLabel } from '#web/lib/labels.ts';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import type { InsertImage } from '#web/components/markdown/insert-image.ts';
import type { PlaybookFormValues, StepValues } from '../../lib/playbooks/playbook-form.ts';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

interface StepCardProps {
  form: UseFormReturnType<PlaybookFormValues>;
  step: StepValues;
  index: number;
  count: number;
  handle: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  onMove: (to: number) => void;
  onDelete: () => void;
  onInsertImage?: InsertImage;
}

/** One step of the playbook editor: title, effort, owner role, instructions (markdown). */
export function StepCard({
  form,
  step,
  index,
  count,
  handle,
  expanded,
  onToggle,
  onMove,
  onDelete,
  onInsertImage,
}: StepCardProps) {
  const n = index + 1;
  const path = `steps.${index}` as const;
  const bodyError = form.errors[`${path}.body`];
  const ofStep = <VisuallyHidden> {t('step.ofStep', { number: n })}</VisuallyHidden>;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      aria-label={t('step.label', { number: n })}
      component="section"
    >
      <Stack gap="xs">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap">
            {handle}
            <Text fw={600} size="sm">
              {t('step.heading', { number: n })}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('step.up', { number: n })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('step.down', { number: n })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('step.delete', { number: n })}
              onClick={onDelete}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          label={rich(t, 'step.title.label', {}, { ofStep })}
          required
          maxLength={CONTENT_LIMITS.title}
          {...form.getInputProps(`${path}.title`)}
        />
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <Select
            label={rich(t, 'step.effort.label', {}, { ofStep })}
            data={STEP_EFFORTS.map((e) => ({ value: e, label: stepEffortLabel(e) }))}
            allowDeselect={false}
            {...form.getInputProps(`${path}.effort`)}
            miw={160}
          />
          <TextInput
            label={rich(t, 'step.owner.label', {}, { ofStep })}
            placeholder={t('step.owner.placeholder')}
            maxLength={CONTENT_LIMITS.ownerRole}
            {...form.getInputProps(`${path}.ownerRole`)}
            miw={160}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onToggle}
            aria-expanded={expanded}
            leftSection={
              expanded ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
          >
            {expanded
              ? t('step.instructions.hide')
              : step.body
                ? t('step.instructions.edit')
                : t('step.instructions.write')}
          </Button>
          {!expanded && step.body ? (
            <Text size="xs" c="dimmed">
              {t('step.instructions.length', {
                count: step.body.length,
                characters: step.body.length.toLocaleString(),
              })}
            </Text>
          ) : null}
          {!expanded && bodyError ? (
            <Text size="xs" c="red">
              {bodyError}
            </Text>
          ) : null}
        </Group>
        {expanded ? (
          <MarkdownEditor
            label={t('step.instructions.label', { number: n })}
            value={step.body}
            onChange={(body) => form.setFieldValue(`${path}.body`, body)}
            error={bodyError}
            minHeight={220}
            previewSize="sm"
            onInsertImage={onInsertImage}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
