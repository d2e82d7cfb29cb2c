import {
  countQuestions,
  FRAMEWORK_LIMITS,
  PublishFrameworkSchema,
  type DocumentProblem,
  type FrameworkDetail,
} from '@tenantry/shared';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { STALE_REVISION_CODE } from '#web/components/RevisionConflict.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useFrameworkDiff } from '../api/get-framework-diff.ts';
import { usePublishFramework } from '../api/publish-framework.ts';
import { problemsOfError } from '../lib/document-problems.ts';
import { diffSummary, isEmptyDiff } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { FrameworkDiffView } from './FrameworkDiffView.tsx';
import { t } from '../messages.ts';

interface PublishModalProps {
  opened: boolean;
  onClose: () => void;
  detail: FrameworkDetail;
  /** The draft revision the editor shows (saved). */
  revision: number;
  /** The draft changed on the server meanwhile: the editor loads it again. */
  onStale: () => void;
}

const NotesSchema = PublishFrameworkSchema.pick({ releaseNotes: true });

/** "Publish": what changed since the latest version, release notes, then the next version. */
export function PublishModal(props: PublishModalProps) {
  const next = (props.detail.latestVersion ?? 0) + 1;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('publish.title', { version: next })}
      size="lg"
    >
      {props.opened ? <PublishForm {...props} next={next} /> : null}
    </Modal>
  );
}

function PublishForm({
  onClose,
  detail,
  revision,
  onStale,
  next,
}: PublishModalProps & { next: number }) {
  const publish = usePublishFramework(detail.id);
  const latest = detail.latestVersion;
  const diff = useFrameworkDiff(detail.id, latest ?? 1, 'draft', latest !== null);
  const [formError, setFormError] = useState<string | null>(null);
  const [problems, setProblems] = useState<DocumentProblem[] | null>(null);
  const form = useForm({
    initialValues: { releaseNotes: latest === null ? t('publish.firstNotes') : '' },
    validate: schemaResolver(NotesSchema, { sync: true }),
  });

  async function submit(values: { releaseNotes: string }) {
    setFormError(null);
    setProblems(null);
    try {
      const published = await publish.mutateAsync({
        revision,
        releaseNotes: values.releaseNotes.trim(),
      });
      notifications.show({
        message: t('publish.done', {
          name: published.name,
          version: published.latestVersion ?? next,
        }),
        color: 'green',
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === STALE_REVISION_CODE) {
        setFormError(t('publish.stale'));
        onStale();
        return;
      }
      const found = problemsOfError(err);
      if (found) {
        setFormError(err instanceof Error ? err.message : t('publish.problems'));
        setProblems(found);
        return;
      }
      setFormError(err instanceof Error ? err.message : t('publish.failed'));
    }
  }

  const questions = countQuestions(detail.draft);
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('publish.label')}>
      <Stack gap="sm">
        <Text size="sm">{t('publish.intro', { version: next })}</Text>
        <Alert
          variant="light"
          color="blue"
          title={
            latest === null ? t('publish.first') : t('publish.changesSince', { version: latest })
          }
        >
          {latest === null ? (
            <Text size="sm">
              {t('publish.firstContents', { questions, sections: detail.draft.sections.length })}
            </Text>
          ) : diff.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('publish.comparing', { version: latest })}</Text>
            </Group>
          ) : diff.isError ? (
            <Text size="sm">{t('publish.diffFailed', { message: diff.error.message })}</Text>
          ) : isEmptyDiff(diff.data) ? (
            <Text size="sm">{t('publish.nothing', { version: latest })}</Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {diffSummary(diff.data)}
              </Text>
              <details>
                <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
                  {t('publish.showAll')}
                </summary>
                <FrameworkDiffView
                  diff={diff.data}
                  label={t('publish.changesSince', { version: latest })}
                />
              </details>
            </Stack>
          )}
        </Alert>
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        {problems ? <DocumentProblemsList problems={problems} document={detail.draft} /> : null}
        <Textarea
          label={t('publish.notes')}
          description={t('publish.notes.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={FRAMEWORK_LIMITS.releaseNotes}
          data-autofocus
          {...form.getInputProps('releaseNotes')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={publish.isPending}>
            {t('publish.cancel')}
          </Button>
          <Button type="submit" loading={publish.isPending}>
            {t('publish.submit', { version: next })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
