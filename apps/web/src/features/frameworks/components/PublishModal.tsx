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
import { diffSummary, isEmptyDiff, plural } from '../lib/framework-status.ts';
import { DocumentProblemsList } from './DocumentProblemsList.tsx';
import { FrameworkDiffView } from './FrameworkDiffView.tsx';

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
      title={`Publish version ${next}`}
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
    initialValues: { releaseNotes: latest === null ? 'First version.' : '' },
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
        message: `${published.name} v${published.latestVersion ?? next} is published.`,
        color: 'green',
      });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === STALE_REVISION_CODE) {
        setFormError(
          'Someone saved this draft while you were looking at it. Their draft is loaded now: review it, then publish again.',
        );
        onStale();
        return;
      }
      const found = problemsOfError(err);
      if (found) {
        setFormError(err instanceof Error ? err.message : 'The draft has problems.');
        setProblems(found);
        return;
      }
      setFormError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  const questions = countQuestions(detail.draft);
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Publish">
      <Stack gap="sm">
        <Text size="sm">
          Version {next} is fixed once published: assessments can be started on it and it never
          changes. Later changes go into the draft and a next version.
        </Text>
        <Alert
          variant="light"
          color="blue"
          title={latest === null ? 'First version' : `Changes since v${latest}`}
        >
          {latest === null ? (
            <Text size="sm">
              {plural(questions, 'question')} in{' '}
              {plural(detail.draft.sections.length, 'top-level section')}.
            </Text>
          ) : diff.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Comparing the draft with v{latest}…</Text>
            </Group>
          ) : diff.isError ? (
            <Text size="sm">The changes could not be listed: {diff.error.message}</Text>
          ) : isEmptyDiff(diff.data) ? (
            <Text size="sm">The draft is the same as v{latest}: there is nothing to publish.</Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {diffSummary(diff.data)}
              </Text>
              <details>
                <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>
                  Show every change
                </summary>
                <FrameworkDiffView diff={diff.data} label={`Changes since v${latest}`} />
              </details>
            </Stack>
          )}
        </Alert>
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        {problems ? <DocumentProblemsList problems={problems} document={detail.draft} /> : null}
        <Textarea
          label="Release notes"
          description="What changed and why: people starting or updating an assessment read this."
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
            Cancel
          </Button>
          <Button type="submit" loading={publish.isPending}>
            Publish v{next}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
