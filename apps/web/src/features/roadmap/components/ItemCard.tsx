import { type RoadmapItem } from '@tenantry/shared';
import { roadmapStatusLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { commentsLabel, STATUS_COLORS } from '../lib/roadmap-view.ts';
import { t } from '../messages.ts';
import { VoteButton } from './VoteButton.tsx';

/** The link that opens an item's detail, keeping the screen's filters. */
export function itemHref(search: string, id: string) {
  const params = new URLSearchParams(search);
  params.set('item', id);
  return `/roadmap?${params.toString()}`;
}

/** One item in a list or a board column: title (opens it), status, tags, votes, comments. */
export function ItemCard({ item, showStatus = true }: { item: RoadmapItem; showStatus?: boolean }) {
  const { search } = useLocation();
  return (
    <Card withBorder padding="sm" component="article" aria-label={item.title}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <VoteButton item={item} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component={Link}
            to={itemHref(search, item.id)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Anchor>
          <Group gap={6}>
            {!item.approved ? (
              <Badge color="orange" variant="light" size="sm">
                {t('item.waiting')}
              </Badge>
            ) : null}
            {showStatus ? (
              <Badge color={STATUS_COLORS[item.status]} variant="light" size="sm">
                {roadmapStatusLabel(item.status)}
              </Badge>
            ) : null}
            {item.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm" color="gray">
                {tag}
              </Badge>
            ))}
            <Text size="xs" c="dimmed">
              {commentsLabel(item.commentCount)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
