import { REMEDIATION_LIMITS, type TaskDetail } from '@tenantry/shared';
import { Alert, Button, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddComment } from '../api/add-comment.ts';
import { t } from '../messages.ts';

/** The task's comments, oldest first (markdown), and, for who may, a new one. */
export function TaskComments({
  tenantId,
  task,
  canComment,
}: {
  tenantId: string;
  task: TaskDetail;
  canComment: boolean;
}) {
  const add = useAddComment(tenantId, task.id);
  const headingId = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = task.comments.length >= REMEDIATION_LIMITS.comments;

  const submit = () => {
    if (!body.trim()) {
      setError(t('comments.required'));
      return;
    }
    setError(null);
    add.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {task.comments.length
          ? t('comments.titleCount', { count: task.comments.length })
          : t('comments.title')}
      </Title>
      <CommentList comments={task.comments} />
      {canComment && !full ? (
        <form
          noValidate
          aria-label={t('comments.formLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('comments.label')}
              description={t('comments.description')}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={REMEDIATION_LIMITS.comment}
              value={body}
              error={error}
              onChange={(e) => {
                setBody(e.currentTarget.value);
                if (error) setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
            {add.isError ? (
              <Alert color="red" variant="light" role="alert">
                {add.error.message}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" size="sm" loading={add.isPending}>
                {t('comments.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : full ? (
        <Text size="sm" c="dimmed">
          {t('comments.full', { max: REMEDIATION_LIMITS.comments })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A task's comments, oldest first (markdown), read-only. */
export function CommentList({ comments }: { comments: TaskDetail['comments'] }) {
  return comments.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('comments.none')}
    </Text>
  ) : (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {comments.map((c, i) => (
        <li key={c.id}>
          {i > 0 ? <Divider mb="sm" /> : null}
          <Group gap={6} wrap="wrap">
            <NameText
              name={c.author?.name ?? t('comments.formerMember')}
              size="sm"
              fw={600}
              lines={1}
            />
            <Text size="xs" c="dimmed">
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
            </Text>
          </Group>
          <Markdown size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {c.body}
          </Markdown>
        </li>
      ))}
    </Stack>
  );
}
