import { REMEDIATION_LIMITS, type TaskDetail } from '@tenantry/shared';
import { Alert, Button, Divider, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddComment } from '../api/add-comment.ts';

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
      setError('Write a comment.');
      return;
    }
    setError(null);
    add.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Comments{task.comments.length ? ` (${task.comments.length})` : ''}
      </Title>
      <CommentList comments={task.comments} />
      {canComment && !full ? (
        <form
          noValidate
          aria-label="Add a comment"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Add a comment"
              description="Markdown: **bold**, lists, links. Ctrl+Enter sends it."
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
                Comment
              </Button>
            </Group>
          </Stack>
        </form>
      ) : full ? (
        <Text size="sm" c="dimmed">
          This task has the most comments it can keep ({REMEDIATION_LIMITS.comments}).
        </Text>
      ) : null}
    </Stack>
  );
}

/** A task's comments, oldest first (markdown), read-only. */
export function CommentList({ comments }: { comments: TaskDetail['comments'] }) {
  return comments.length === 0 ? (
    <Text size="sm" c="dimmed">
      No comments yet.
    </Text>
  ) : (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {comments.map((c, i) => (
        <li key={c.id}>
          {i > 0 ? <Divider mb="sm" /> : null}
          <Group gap={6} wrap="wrap">
            <NameText name={c.author?.name ?? 'A former member'} size="sm" fw={600} lines={1} />
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
