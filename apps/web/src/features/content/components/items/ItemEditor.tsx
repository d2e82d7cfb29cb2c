import {
  ArticleContentSchema,
  CONTENT_ERROR_CODES,
  CONTENT_LIMITS,
  FRAMEWORK_LIMITS,
  type Article,
} from '@tenantry/shared';
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
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import { RevisionConflict } from '#web/components/RevisionConflict.tsx';
import { UnsavedChangesPrompt } from '#web/components/UnsavedChangesPrompt.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useDeleteArticle } from '../../api/articles/delete-article.ts';
import { useSetArticlePublished } from '../../api/articles/publish-article.ts';
import { staleArticle, useSaveArticle } from '../../api/articles/save-article.ts';
import {
  formValuesOf,
  readingTime,
  toSaveBody,
  type ArticleFormValues,
} from '../../lib/articles/article-form.ts';
import { ScopeBadge, StatusBadge } from './ContentBadges.tsx';

export type InsertImageHandler = (
  insert: (markdown: string) => void,
  options: { scope: Article['scope'] },
) => void;

interface ArticleEditorProps {
  article: Article;
  /** The list's URL (after a delete, "All articles"). */
  listHref: string;
  onInsertImage?: InsertImageHandler;
}

const validate = schemaResolver(ArticleContentSchema, { sync: true });

function message(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/**
 * The article editor: title, summary, tags and the markdown body with a live preview and
 * images from the media library; saved on the revision it was loaded from (a conflict keeps
 * mine or takes theirs); publish, unpublish, delete with a confirm.
 */
export function ArticleEditor({ article, listHref, onInsertImage }: ArticleEditorProps) {
  const navigate = useNavigate();
  const save = useSaveArticle(article.id);
  const publish = useSetArticlePublished(article.id);
  const remove = useDeleteArticle(article.id);
  const [base, setBase] = useState(article);
  const [conflict, setConflict] = useState<Article | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<ArticleFormValues>({ initialValues: formValuesOf(article), validate });
  const { values } = form;
  const dirty = form.isDirty();
  const busy = save.isPending || publish.isPending;

  const insertImage = useCallback(
    (insert: (markdown: string) => void) => onInsertImage?.(insert, { scope: article.scope }),
    [onInsertImage, article.scope],
  );

  function loaded(next: Article, formValues: ArticleFormValues) {
    setBase(next);
    form.setInitialValues(formValues);
    form.resetDirty(formValues);
  }

  async function saveOn(revision: number): Promise<Article | null> {
    setFormError(null);
    const formValues = form.getValues();
    try {
      const saved = await save.mutateAsync(toSaveBody(formValues, revision));
      loaded(saved, formValues);
      setConflict(null);
      return saved;
    } catch (err) {
      const current = await staleArticle(article.id, err).catch(() => null);
      if (current) {
        setConflict(current);
        return null;
      }
      applyServerErrors(form, err);
      setFormError(message(err));
      notifications.show({ color: 'red', message: 'The article was not saved.' });
      return null;
    }
  }

  async function submit() {
    if (await saveOn(base.revision)) {
      notifications.show({ color: 'green', message: 'Article saved.' });
    }
  }

  async function togglePublished() {
    const publishing = base.status !== 'published';
    let current = base;
    if (publishing && dirty) {
      if (form.validate().hasErrors) {
        setFormError('Some fields need attention.');
        return;
      }
      const saved = await saveOn(base.revision);
      if (!saved) return;
      current = saved;
    }
    try {
      const next = await publish.mutateAsync({ publish: publishing, revision: current.revision });
      setBase(next);
      notifications.show({
        color: 'green',
        message: publishing
          ? 'Article published: every reader of its scope sees it now.'
          : 'Article unpublished: only its authors see it now.',
      });
    } catch (err) {
      const latest = await staleArticle(article.id, err).catch(() => null);
      if (latest) return setConflict(latest);
      const nothing = err instanceof ApiError && err.code === CONTENT_ERROR_CODES.nothingToPublish;
      notifications.show({
        color: nothing ? 'gray' : 'red',
        message: nothing ? 'This version is already published.' : message(err),
      });
    }
  }

  function takeTheirs(current: Article) {
    const theirs = formValuesOf(current);
    form.setValues(theirs);
    loaded(current, theirs);
    setConflict(null);
    setFormError(null);
    notifications.show({ message: 'Their version is loaded; your changes were discarded.' });
  }

  async function keepMine(current: Article) {
    if (await saveOn(current.revision)) {
      notifications.show({ color: 'green', message: 'Article saved with your changes.' });
    }
  }

  async function confirmDeletion() {
    setDeleteError(null);
    try {
      await remove.mutateAsync();
      form.resetDirty();
      notifications.show({ color: 'green', message: `“${base.title}” was deleted.` });
      setConfirmDelete(false);
      void navigate(listHref);
    } catch (err) {
      setDeleteError(message(err));
    }
  }

  return (
    <Stack gap="lg">
      <UnsavedChangesPrompt when={dirty} />
      <div>
        <Anchor component={Link} to={listHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All articles
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" mt="xs" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {values.title.trim() || 'Untitled article'}
            </Title>
            <Group gap={6} mt={4}>
              <ScopeBadge scope={base.scope} />
              <StatusBadge status={base.status} />
              {dirty ? (
                <Badge color="yellow" variant="light" size="sm">
                  Unsaved changes
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                Key <code>{base.key}</code> · {readingTime(values.body)} · saved{' '}
                {base.updatedBy ? `by ${base.updatedBy} ` : ''}
                <time dateTime={base.updatedAt}>{formatDateTime(base.updatedAt)}</time>
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
              {base.status === 'published' ? 'Unpublish' : dirty ? 'Save and publish' : 'Publish'}
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
              Delete
            </Button>
          </Group>
        </Group>
      </div>

      {conflict ? (
        <RevisionConflict
          current={conflict}
          noun="article"
          savedBy={conflict.updatedBy}
          savedAt={conflict.updatedAt}
          onKeepMine={(c) => void keepMine(c)}
          onTakeTheirs={takeTheirs}
          busy={save.isPending}
          renderTheirs={(c) => (
            <Stack gap="xs">
              <Text fw={600}>{c.title}</Text>
              <Markdown fz="sm">{c.body}</Markdown>
            </Stack>
          )}
        />
      ) : null}

      <form
        onSubmit={form.onSubmit(
          () => void submit(),
          () => setFormError('Some fields need attention.'),
        )}
        noValidate
        aria-label="Article"
      >
        <Stack gap="lg">
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <Card withBorder padding="md">
            <Stack gap="sm">
              <TextInput
                label="Title"
                required
                maxLength={CONTENT_LIMITS.title}
                {...form.getInputProps('title')}
              />
              <Textarea
                label="Summary"
                description="Shown in lists and search results."
                autosize
                minRows={2}
                maxRows={6}
                maxLength={CONTENT_LIMITS.summary}
                {...form.getInputProps('summary')}
              />
              <TagsInput
                label="Tags"
                description={`Up to ${FRAMEWORK_LIMITS.tags}; press Enter after each.`}
                maxTags={FRAMEWORK_LIMITS.tags}
                clearable
                {...form.getInputProps('tags')}
                error={
                  form.errors.tags ??
                  Object.entries(form.errors).find(([k]) => k.startsWith('tags.'))?.[1]
                }
              />
            </Stack>
          </Card>
          <MarkdownEditor
            label="Body"
            description="Markdown: headings, lists, links, tables. The preview shows it as readers will."
            value={values.body}
            onChange={(body) => form.setFieldValue('body', body)}
            error={form.errors.body}
            minHeight={460}
            onInsertImage={onInsertImage ? insertImage : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || busy}
              onClick={() => {
                form.reset();
                setFormError(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={publish.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete “${base.title}”?`}
      >
        <Stack>
          <Text size="sm">
            {base.status === 'published' ? 'It is published: readers lose it at once. ' : ''}
            The article is deleted. This cannot be undone.
          </Text>
          {deleteError ? <ErrorAlert>{deleteError}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDeletion()}>
              Delete article
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
