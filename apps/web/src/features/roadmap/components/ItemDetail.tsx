import { ROADMAP_LIMITS, type RoadmapItemDetail } from '@tenantry/shared';
import { roadmapStatusLabel } from '#web/lib/labels.ts';
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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';
import { VoteButton } from './VoteButton.tsx';

function CommentForm({ itemId }: { itemId: string }) {
  const [body, setBody] = useState('');
  const add = useAddRoadmapComment(itemId);
  return (
    <form
      aria-label={t('comment.form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        add.mutate(body, { onSuccess: () => setBody('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('comment.label')}
          description={t('comment.hint')}
          autosize
          minRows={2}
          maxLength={ROADMAP_LIMITS.comment}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
        {add.isError ? <ErrorAlert error={add.error}>{add.error.message}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={add.isPending} disabled={!body.trim()}>
            {t('comment.submit')}
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
            {t('item.waiting')}
          </Badge>
        ) : null}
        <Badge color={STATUS_COLORS[item.status]} variant="light">
          {roadmapStatusLabel(item.status)}
        </Badge>
        {item.tags.map((tag) => (
          <Badge key={tag} variant="outline" color="gray">
            {tag}
          </Badge>
        ))}
      </Group>
      {item.mergedInto ? (
        <Alert variant="light" color="gray" title={t('detail.merged.title')}>
          {rich(
            t,
            'detail.merged.body',
            {},
            {
              item: (
                <Anchor component={Link} to={itemHref(search, item.mergedInto.id)}>
                  {item.mergedInto.title}
                </Anchor>
              ),
            },
          )}
        </Alert>
      ) : (
        <Group>
          <VoteButton item={item} />
          <Text size="sm" c="dimmed">
            {item.voted ? t('detail.voted') : t('detail.voteHint')}
          </Text>
        </Group>
      )}
      {!item.approved && item.mine ? (
        <Text size="sm" c="dimmed">
          {t('detail.onlyYou')}
        </Text>
      ) : null}
      {item.description.trim() ? (
        <Markdown>{item.description}</Markdown>
      ) : (
        <Text c="dimmed" size="sm">
          {t('detail.noDescription')}
        </Text>
      )}
      <Divider label={commentsLabel(item.comments.length)} labelPosition="left" />
      {item.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('detail.noComments')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('detail.comments')}>
          {item.comments.map((c) => (
            <Paper key={c.id} withBorder p="sm" role="listitem">
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={600}>
                  {c.mine ? t('detail.comment.you', { name: c.authorName }) : c.authorName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.createdAt)}
                </Text>
              </Group>
              {c.fromItem ? (
                <Text size="xs" c="dimmed" mb={4}>
                  {t('detail.comment.fromMerged', { title: c.fromItem.title })}
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
      title={t('detail.title')}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      styles={{ content: { maxWidth: '100vw' } }}
    >
      {item.isPending ? (
        <Stack aria-label={t('detail.loading')} aria-busy>
          <Skeleton height={28} />
          <Skeleton height={80} />
        </Stack>
      ) : item.isError ? (
        <ErrorAlert error={item.error} title={t('detail.loadFailed')}>
          {item.error.message}
        </ErrorAlert>
      ) : (
        <Detail item={item.data} />
      )}
    </Drawer>
  );
}
