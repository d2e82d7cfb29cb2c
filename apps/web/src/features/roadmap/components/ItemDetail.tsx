import { ROADMAP_LIMITS, ROADMAP_STATUS_LABELS, type RoadmapItemDetail } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddRoadmapComment } from '../api/add-comment.ts';
import { useRoadmapItem } from '../api/get-item.ts';
import { commentsLabel, STATUS_COLORS } from '../lib/roadmap-view.ts';
import { itemHref } from './ItemCard.tsx';
import { VoteButton } from './VoteButton.tsx';

function CommentForm({ itemId }: { itemId: string }) {
  const [body, setBody] = useState('');
  const add = useAddRoadmapComment(itemId);
  return (
    <form
      aria-label="Add a comment"
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        add.mutate(body, { onSuccess: () => setBody('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Your comment"
          description="Markdown works."
          autosize
          minRows={2}
          maxLength={ROADMAP_LIMITS.comment}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {add.isError ? <ErrorAlert error={add.error}>{add.error.message}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={add.isPending} disabled={!body.trim()}>
            Comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Detail({ item }: { item: RoadmapItemDetail }) {
  const { search } = useLocation();
  return (
    <Stack gap="md">
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Title>
      <Group gap={6}>
        {!item.approved ? (
          <Badge color="orange" variant="light">
            Waiting for approval
          </Badge>
        ) : null}
        <Badge color={STATUS_COLORS[item.status]} variant="light">
          {ROADMAP_STATUS_LABELS[item.status]}
        </Badge>
        {item.tags.map((t) => (
          <Badge key={t} variant="outline" color="gray">
            {t}
          </Badge>
        ))}
      </Group>
      {item.mergedInto ? (
        <Alert variant="light" color="gray" title="Merged">
          This idea was merged into{' '}
          <Anchor component={Link} to={itemHref(search, item.mergedInto.id)}>
            {item.mergedInto.title}
          </Anchor>
          : its votes count there. Vote and comment on that item.
        </Alert>
      ) : (
        <Group>
          <VoteButton item={item} />
          <Text size="sm" c="dimmed">
            {item.voted ? 'You voted for this.' : 'Vote if this matters to you.'}
          </Text>
        </Group>
      )}
      {!item.approved && item.mine ? (
        <Text size="sm" c="dimmed">
          Only you can see this idea until our team approves it.
        </Text>
      ) : null}
      {item.description.trim() ? (
        <Markdown>{item.description}</Markdown>
      ) : (
        <Text c="dimmed" size="sm">
          No description.
        </Text>
      )}
      <Divider label={commentsLabel(item.comments.length)} labelPosition="left" />
      {item.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No comments yet.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label="Comments">
          {item.comments.map((c) => (
            <Paper key={c.id} withBorder p="sm" role="listitem">
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={600}>
                  {c.mine ? `${c.authorName} (you)` : c.authorName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.createdAt)}
                </Text>
              </Group>
              {c.fromItem ? (
                <Text size="xs" c="dimmed" mb={4}>
                  On the merged idea “{c.fromItem.title}”
                </Text>
              ) : null}
              <Markdown size="sm">{c.body}</Markdown>
            </Paper>
          ))}
        </Stack>
      )}
      {item.mergedInto ? null : <CommentForm itemId={item.id} />}
    </Stack>
  );
}

/** The item of `?item=` in a drawer (full width on a phone): description, votes, comments. */
export function ItemDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const item = useRoadmapItem(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Roadmap item"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ content: { maxWidth: '100vw' } }}
    >
      {item.isPending ? (
        <Stack aria-label="Loading the item" aria-busy>
          <Skeleton height={28} />
          <Skeleton height={80} />
        </Stack>
      ) : item.isError ? (
        <ErrorAlert error={item.error} title="The item could not be loaded">
          {item.error.message}
        </ErrorAlert>
      ) : (
        <Detail item={item.data} />
      )}
    </Drawer>
  );
}
