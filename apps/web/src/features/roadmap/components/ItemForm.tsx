import {
  CreateRoadmapItemSchema,
  ROADMAP_LIMITS,
  ROADMAP_STATUSES,
  SuggestRoadmapItemSchema,
  type RoadmapStatus,
} from '@tenantry/shared';
import { roadmapStatusLabel } from '#web/lib/labels.ts';
import { Alert, Modal, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { t } from '../messages.ts';

/** What the form edits; `status` only where staff put an item on the roadmap directly. */
export interface ItemFormValues {
  title: string;
  description: string;
  tags: string[];
  status?: RoadmapStatus;
}

/**
 * The three uses of the item form: staff add an item (published at once, with its status) or
 * edit one; a customer suggests an idea (it waits for approval).
 */
export type ItemFormMode = 'new' | 'edit' | 'suggest';

/** What the form says in one mode. `title` names both the dialog and the form. */
interface ModeText {
  title: string;
  submitLabel: string;
  withStatus: boolean;
  descriptionHint: string;
  tagsHint?: string;
  intro?: ReactNode;
}

const modeText = (mode: ItemFormMode): ModeText =>
  ({
    new: {
      title: t('form.new.title'),
      submitLabel: t('form.new.submit'),
      withStatus: true,
      descriptionHint: t('form.descriptionHint'),
    },
    edit: {
      title: t('form.edit.title'),
      submitLabel: t('form.edit.submit'),
      withStatus: false,
      descriptionHint: t('form.descriptionHint'),
    },
    suggest: {
      title: t('form.suggest.title'),
      submitLabel: t('form.suggest.submit'),
      withStatus: false,
      descriptionHint: t('form.suggest.descriptionHint'),
      tagsHint: t('form.suggest.tagsHint', { max: ROADMAP_LIMITS.tags }),
      intro: (
        <Alert variant="light" color="blue">
          {t('form.suggest.intro')}
        </Alert>
      ),
    },
  })[mode];

/** The dialog around the form: its title says the mode; a fresh form each time it opens. */
export function ItemFormModal({
  mode,
  opened,
  onClose,
  children,
}: {
  mode: ItemFormMode;
  opened: boolean;
  onClose: () => void;
  /** The form; mounted only while the dialog is open. */
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={modeText(mode).title} size="lg">
      {opened ? children : null}
    </Modal>
  );
}

/**
 * Title, description and tags of a roadmap item (and its status for a new one), checked as the
 * server checks them. The caller sends the values with its own mutation; a 400's field errors
 * come back beside their inputs, any other failure above the buttons.
 */
export function ItemForm({
  mode,
  initialValues,
  mutation,
  submit,
  onClose,
}: {
  mode: ItemFormMode;
  initialValues: ItemFormValues;
  mutation: { isPending: boolean; error: Error | null };
  submit: (values: ItemFormValues, callbacks: { onError: (err: unknown) => void }) => void;
  onClose: () => void;
}) {
  const { title, submitLabel, withStatus, descriptionHint, tagsHint, intro } = modeText(mode);
  const schema = withStatus ? CreateRoadmapItemSchema : SuggestRoadmapItemSchema;
  const form = useForm<ItemFormValues>({
    initialValues,
    validate: (values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) return {};
      return Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join('.') || 'title', i.message]),
      );
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) =>
        submit(values, { onError: (err) => applyServerErrors(form, err) }),
      )}
    >
      <Stack gap="md">
        {intro}
        <TextInput
          label={t('form.title.label')}
          required
          maxLength={ROADMAP_LIMITS.title}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('form.description.label')}
          description={descriptionHint}
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label={t('form.tags.label')}
          description={tagsHint}
          maxTags={ROADMAP_LIMITS.tags}
          {...form.getInputProps('tags')}
        />
        {withStatus ? (
          <Select
            label={t('form.status.label')}
            allowDeselect={false}
            data={ROADMAP_STATUSES.map((s) => ({ value: s, label: roadmapStatusLabel(s) }))}
            {...form.getInputProps('status')}
          />
        ) : null}
        {mutation.error && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        <FormActions submitLabel={submitLabel} pending={mutation.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
