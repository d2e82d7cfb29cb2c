import type { RoadmapItem } from '@tenantry/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBigUp, IconArrowBigUpFilled } from '@tabler/icons-react';
import { useToggleVote } from '../api/toggle-vote.ts';
import { t } from '../messages.ts';

/** A vote for the item, pressed when the person voted; a merged item takes no votes. */
export function VoteButton({ item }: { item: RoadmapItem }) {
  const vote = useToggleVote();
  if (item.mergedInto) return null;
  return (
    <Button
      size="compact-md"
      variant={item.voted ? 'filled' : 'default'}
      aria-pressed={item.voted}
      aria-label={t('vote.label', { title: item.title, count: item.voteCount })}
      leftSection={
        item.voted ? (
          <IconArrowBigUpFilled size={16} aria-hidden />
        ) : (
          <IconArrowBigUp size={16} aria-hidden />
        )
      }
      loading={vote.isPending}
      onClick={() =>
        vote.mutate(item.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              title: t('vote.failed'),
              message: err.message,
            }),
        })
      }
    >
      {item.voteCount}
    </Button>
  );
}
