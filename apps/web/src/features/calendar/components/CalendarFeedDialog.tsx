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

/** The address just made, shown this once, with how to add it to a calendar. */
function NewAddress({ created, onDone }: { created: CreatedCalendarFeed; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="Copy it now: it will not be shown again"
      >
        Anyone with this address can read your due dates. Keep it to your own calendar; if it gets
        out, revoke it here and make a new one.
      </Alert>
      <CopyableSecret
        label="Your calendar address"
        value={created.url}
        testId="calendar-feed-url"
        copyLabel="Copy address"
        copiedLabel="Address copied"
      />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Add it to your calendar
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Google Calendar: Other calendars → + → From URL, paste the address.</List.Item>
          <List.Item>Outlook: Add calendar → Subscribe from web, paste the address.</List.Item>
          <List.Item>
            Apple Calendar:{' '}
            <Anchor href={webcalUrl(created.url)} size="sm">
              open it in Calendar
            </Anchor>{' '}
            (or File → New Calendar Subscription).
          </List.Item>
        </List>
        <Text size="xs" c="dimmed">
          Calendars fetch it again every hour or so; what you can no longer reach in Tenantry leaves
          it.
        </Text>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>I have copied it</Button>
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
        <Text size="sm">
          Get a private address that calendar apps (Google Calendar, Outlook, Apple Calendar)
          subscribe to: the due dates of the open assessments you can reach in this account, and of
          the remediation tasks assigned to you, as all-day events that link back here.
        </Text>
        <Group justify="flex-end">
          <Button
            onClick={onCreate}
            loading={creating}
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
          >
            Create calendar address
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        You made your calendar address on{' '}
        <time dateTime={feed.createdAt}>{formatDateTime(feed.createdAt)}</time>.{' '}
        {feed.lastFetchedAt ? (
          <>
            A calendar last fetched it{' '}
            <time dateTime={feed.lastFetchedAt}>{formatRelativeTime(feed.lastFetchedAt)}</time>.
          </>
        ) : (
          'No calendar has fetched it yet.'
        )}
      </Text>
      <Text size="sm" c="dimmed">
        The address is shown only once. Lost it? Make a new one: the old address stops working at
        once.
      </Text>
      {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
      {confirming ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Revoke the address? Calendars subscribed to it stop getting your due dates.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              Revoke address
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Revoke
          </Button>
          <Button onClick={onCreate} loading={creating}>
            Make a new address
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
      <Stack gap="sm" aria-busy aria-label="Loading your calendar address">
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={36} width={200} ml="auto" />
      </Stack>
    );
  }
  if (feed.isError) {
    return (
      <ErrorAlert title="Your calendar address could not be loaded" error={feed.error}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{feed.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()}>
            Try again
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
      title="Subscribe in your calendar"
      size="lg"
      // A click beside the dialog must not lose the address before it was copied.
      closeOnClickOutside={false}
    >
      {opened ? <FeedDialogBody onClose={onClose} /> : null}
    </Modal>
  );
}
