import type { CalendarFeed as Feed, CreatedCalendarFeed } from '@tenantry/shared';
import { Alert, Anchor, Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyableSecret } from '#web/components/CopyableSecret.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.ts';
import { webcalUrl } from '../lib/calendar-feed-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** The address just made, shown this once, with how to add it to a calendar. */
function NewAddress({ created, onDone }: { created: CreatedCalendarFeed; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('created.warning.title')}
      >
        {t('created.warning.body')}
      </Alert>
      <CopyableSecret
        label={t('created.address')}
        value={created.url}
        testId="calendar-feed-url"
        copyLabel={t('created.copy')}
        copiedLabel={t('created.copied')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('created.howTo')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('created.google')}</List.Item>
          <List.Item>{t('created.outlook')}</List.Item>
          <List.Item>
            {rich(
              t,
              'created.apple',
              {},
              {
                open: (
                  <Anchor href={webcalUrl(created.url)} size="sm">
                    {t('created.appleOpen')}
                  </Anchor>
                ),
              },
            )}
          </List.Item>
        </List>
        <Text size="xs" c="dimmed">
          {t('created.refresh')}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('created.done')}</Button>
      </Group>
    </Stack>
  );
}

/** The feed there is (or none): make one, make a new one, revoke it. */
function FeedState({
  feed,
  onCreate,
  creating,
}: {
  feed: Feed['feed'];
  onCreate: () => void;
  creating: boolean;
}) {
  const revoke = useRevokeCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  if (!feed) {
    return (
      <Stack gap="md">
        <Text size="sm">{t('none.intro')}</Text>
        <Group justify="flex-end">
          <Button
            onClick={onCreate}
            loading={creating}
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
          >
            {t('none.create')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        {rich(
          t,
          'feed.made',
          {},
          { date: <time dateTime={feed.createdAt}>{formatDateTime(feed.createdAt)}</time> },
        )}{' '}
        {feed.lastFetchedAt
          ? rich(
              t,
              'feed.fetched',
              {},
              {
                when: (
                  <time dateTime={feed.lastFetchedAt}>
                    {formatRelativeTime(feed.lastFetchedAt)}
                  </time>
                ),
              },
            )
          : t('feed.neverFetched')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('feed.shownOnce')}
      </Text>
      {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
      {confirming ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('feed.revokeQuestion')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('feed.keep')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('feed.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            {t('feed.revoke')}
          </Button>
          <Button onClick={onCreate} loading={creating}>
            {t('feed.makeNew')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function FeedDialogBody({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  if (create.data) {
    return (
      <NewAddress
        created={create.data}
        onDone={() => {
          create.reset();
          onClose();
        }}
      />
    );
  }
  if (feed.isPending) {
    return (
      <Stack gap="sm" aria-busy aria-label={t('dialog.loading')}>
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={36} width={200} ml="auto" />
      </Stack>
    );
  }
  if (feed.isError) {
    return (
      <ErrorAlert title={t('dialog.loadFailed')} error={feed.error}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{feed.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()}>
            {t('dialog.retry')}
          </Button>
        </Group>
      </ErrorAlert>
    );
  }
  return (
    <Stack gap="md">
      {create.isError ? <ErrorAlert error={create.error} /> : null}
      <FeedState
        feed={feed.data.feed}
        onCreate={() => create.mutate()}
        creating={create.isPending}
      />
    </Stack>
  );
}

/** The dialog itself, loaded when first opened (the dashboard does not pay for it). */
export default function CalendarFeedDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dialog.title')}
      size="lg"
      // A click beside the dialog must not lose the address before it was copied.
      closeOnClickOutside={false}
    >
      {opened ? <FeedDialogBody onClose={onClose} /> : null}
    </Modal>
  );
}
