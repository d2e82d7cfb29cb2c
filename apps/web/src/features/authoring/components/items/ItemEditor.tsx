import { CONTENT_ERROR_CODES, CONTENT_LIMITS, FRAMEWORK_LIMITS } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ScopeBadge, StatusBadge } from '#web/components/ContentBadges.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import type { InsertImage, OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { ApiError } from '#web/lib/api.ts';
import type { ItemKind, ItemOf } from '#web/lib/content/content-kinds.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useDeleteItem } from '../../api/items/delete-item.ts';
import { useSetItemPublished } from '../../api/items/publish-item.ts';
import { staleItem, useSaveItem } from '../../api/items/save-item.ts';
import { itemTexts, type SaveItemOf } from '../../lib/items.ts';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** What every item's form holds; a kind adds its own fields. */
export interface ItemFormValues {
  title: string;
  summary: string;
  tags: string[];
}

export interface ItemEditorProps<K extends ItemKind, V extends ItemFormValues> {
  kind: K;
  item: ItemOf[K];
  /** The list's URL ("All playbooks"; where a delete leads). */
  listHref: string;
  formValuesOf: (item: ItemOf[K]) => V;
  /** The PUT body: the form's content on `revision`. */
  toSaveBody: (values: V, revision: number) => SaveItemOf[K];
  validate: (values: V) => FormErrors;
  /** The screen's image picker, if the markdown editors may insert images. */
  onInsertImage?: OpenImagePicker;
  /** After the key in the header ("4 min read"). */
  fact?: (values: V) => string;
  /** Beside the tags (the playbook's priority). */
  besideTags?: (form: UseFormReturnType<V>) => ReactNode;
  /** Their version, read-only, in the conflict view. */
  renderTheirs: (current: ItemOf[K]) => ReactNode;
  /** Some fields need attention (the playbook opens the steps they are in). */
  onInvalid?: (errors: FormErrors, values: V) => void;
  /** The kind's own part of the form, under the title, summary and tags. */
  children: (form: UseFormReturnType<V>, insertImage: InsertImage | undefined) => ReactNode;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : t('editor.failed');
}

/**
 * The editor of a playbook or an article: title, summary and tags, then the kind's own fields;
 * saved whole on the revision it was loaded from (a conflict shows who saved meanwhile, and
 * keeps mine or takes theirs); publish, unpublish, delete with a confirm; leaving with
 * unsaved changes asks first.
 */
export function ItemEditor<K extends ItemKind, V extends ItemFormValues>({
  kind,
  item,
  listHref,
  formValuesOf,
  toSaveBody,
  validate,
  onInsertImage,
  fact,
  besideTags,
  renderTheirs,
  onInvalid,
  children,
}: ItemEditorProps<K, V>) {
  const texts = itemTexts(kind);
  const navigate = useNavigate();
  const save = useSaveItem(kind, item.id);
  const publish = useSetItemPublished(kind, item.id);
  const remove = useDeleteItem(kind, item.id);
  /** The server's version the form was loaded from (its revision goes with the next save). */
  const [base, setBase] = useState(item);
  const [conflict, setConflict] = useState<ItemOf[K] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<V>({ initialValues: formValuesOf(item), validate });
  const { values } = form;
  const dirty = form.isDirty();
  const busy = save.isPending || publish.isPending;

  const insertImage = useCallback<InsertImage>(
    (insert) => onInsertImage?.(insert, { scope: item.scope }),
    [onInsertImage, item.scope],
  );

  function loaded(next: ItemOf[K], formValues: V) {
    setBase(next);
    form.setInitialValues(formValues);
    form.resetDirty(formValues);
  }

  /** Saves the form on `revision`; the saved item, or null (the reason is on screen). */
  async function saveOn(revision: number): Promise<ItemOf[K] | null> {
    setFormError(null);
    const formValues = form.getValues();
    try {
      const saved = await save.mutateAsync(toSaveBody(formValues, revision));
      loaded(saved, formValues);
      setConflict(null);
      return saved;
    } catch (err) {
      const current = await staleItem(kind, item.id, err).catch(() => null);
      if (current) {
        setConflict(current);
        return null;
      }
      applyServerErrors(form, err);
      setFormError(message(err));
      notifications.show({ color: 'red', message: t('editor.notSaved', { kind }) });
      return null;
    }
  }

  async function submit() {
    if (await saveOn(base.revision)) {
      notifications.show({ color: 'green', message: t('editor.saved', { kind }) });
    }
  }

  function showErrors(errors: FormErrors) {
    onInvalid?.(errors, form.getValues());
    setFormError(t('editor.needsAttention'));
  }

  async function togglePublished() {
    const publishing = base.status !== 'published';
    let current = base;
    if (publishing && dirty) {
      const validation = form.validate();
      if (validation.hasErrors) return showErrors(validation.errors);
      const saved = await saveOn(base.revision);
      if (!saved) return;
      current = saved;
    }
    try {
      const next = await publish.mutateAsync({ publish: publishing, revision: current.revision });
      setBase(next);
      notifications.show({
        color: 'green',
        message: publishing ? t('editor.published', { kind }) : t('editor.unpublished', { kind }),
      });
    } catch (err) {
      const latest = await staleItem(kind, item.id, err).catch(() => null);
      if (latest) return setConflict(latest);
      const nothing = err instanceof ApiError && err.code === CONTENT_ERROR_CODES.nothingToPublish;
      notifications.show({
        color: nothing ? 'gray' : 'red',
        message: nothing ? t('editor.alreadyPublished') : message(err),
      });
    }
  }

  function takeTheirs(current: ItemOf[K]) {
    const theirs = formValuesOf(current);
    form.setValues(theirs);
    loaded(current, theirs);
    setConflict(null);
    setFormError(null);
    notifications.show({ message: t('editor.theirsLoaded') });
  }

  async function keepMine(current: ItemOf[K]) {
    if (await saveOn(current.revision)) {
      notifications.show({ color: 'green', message: t('editor.savedMine', { kind }) });
    }
  }

  async function confirmDeletion() {
    setDeleteError(null);
    try {
      await remove.mutateAsync();
      form.resetDirty();
      notifications.show({ color: 'green', message: t('editor.deleted', { title: base.title }) });
      setConfirmDelete(false);
      void navigate(listHref);
    } catch (err) {
      setDeleteError(
        texts.inUse && err instanceof ApiError && err.code === CONTENT_ERROR_CODES.inUse
          ? texts.inUse
          : message(err),
      );
    }
  }

  const extra = fact?.(values);
  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirty} />
      <div>
        <Anchor component={Link} to={listHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('item.all', { kind })}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" mt="xs" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {values.title.trim() || t('editor.untitled', { kind })}
            </Title>
            <Group gap={6} mt={4}>
              <ScopeBadge scope={base.scope} />
              <StatusBadge status={base.status} />
              {dirty ? (
                <Badge color="yellow" variant="light" size="sm">
                  {t('editor.unsaved')}
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {rich(
                  t,
                  'editor.meta',
                  {
                    hasFact: extra ? 'yes' : 'no',
                    fact: extra ?? '',
                    hasAuthor: base.updatedBy ? 'yes' : 'no',
                    name: base.updatedBy ?? '',
                  },
                  {
                    key: <code>{base.key}</code>,
                    when: <time dateTime={base.updatedAt}>{formatDateTime(base.updatedAt)}</time>,
                  },
                )}
              </Text>
            </Group>
          </div>
          <Group gap="xs">
            <Button
              variant={base.status === 'published' ? 'default' : 'light'}
              onClick={() => void togglePublished()}
              loading={publish.isPending}
              disabled={busy && !publish.isPending}
            >
              {base.status === 'published'
                ? t('editor.unpublish')
                : dirty
                  ? t('editor.saveAndPublish')
                  : t('editor.publish')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setDeleteError(null);
                setConfirmDelete(true);
              }}
            >
              {t('editor.delete')}
            </Button>
          </Group>
        </Group>
      </div>

      {conflict ? (
        <RevisionConflict
          current={conflict}
          noun={texts.one}
          savedBy={conflict.updatedBy}
          savedAt={conflict.updatedAt}
          onKeepMine={(c) => void keepMine(c)}
          onTakeTheirs={takeTheirs}
          busy={save.isPending}
          renderTheirs={renderTheirs}
        />
      ) : null}

      <form
        onSubmit={form.onSubmit(() => void submit(), showErrors)}
        noValidate
        aria-label={texts.One}
      >
        <Stack gap="lg">
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <Card withBorder padding="md">
            <Stack gap="sm">
              <TextInput
                label={t('editor.title.label')}
                required
                maxLength={CONTENT_LIMITS.title}
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('editor.summary.label')}
                description={texts.summaryHint}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={CONTENT_LIMITS.summary}
                {...form.getInputProps('summary')}
              />
              <Group grow align="flex-start" wrap="wrap">
                {besideTags?.(form)}
                <TagsInput
                  label={t('editor.tags.label')}
                  description={t('editor.tags.hint', { max: FRAMEWORK_LIMITS.tags })}
                  maxTags={FRAMEWORK_LIMITS.tags}
                  clearable
                  {...form.getInputProps('tags')}
                  error={
                    form.errors.tags ??
                    Object.entries(form.errors).find(([k]) => k.startsWith('tags.'))?.[1]
                  }
                  miw={200}
                />
              </Group>
            </Stack>
          </Card>
          {children(form, onInsertImage ? insertImage : undefined)}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || busy}
              onClick={() => {
                form.reset();
                setFormError(null);
              }}
            >
              {t('editor.discard')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={publish.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('delete.title', { title: base.title })}
      >
        <Stack>
          <Text size="sm">
            {base.status === 'published'
              ? t('delete.body.published', { kind })
              : t('delete.body', { kind })}
          </Text>
          {deleteError ? <ErrorAlert>{deleteError}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDeletion()}>
              {t('delete.confirm', { kind })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
