import { Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/list-sessions.ts';
import { otherSessionCount, sessionRows, type SessionRow } from '../lib/session-rows.ts';

function endErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return 'That session had already ended.';
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

function SessionItem({ row, onEnd }: { row: SessionRow; onEnd: (row: SessionRow) => void }) {
  const DeviceIcon = row.mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper component="li" withBorder p="sm" aria-label={row.device}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} flex="1 1 240px">
          <DeviceIcon size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {row.device}
              </Text>
              {row.current ? (
                <Badge size="sm" variant="filled" color="teal">
                  This device
                </Badge>
              ) : null}
              {row.shared ? (
                <Badge size="sm" variant="light" color="grape">
                  Shared sign-in
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.ipAddress ? `IP address ${row.ipAddress}` : 'IP address unknown'}
            </Text>
            <Text size="sm" c="dimmed">
              Last active{' '}
              <time dateTime={row.lastActiveAt} title={formatDateTime(row.lastActiveAt)}>
                {formatRelativeTime(row.lastActiveAt)}
              </time>
            </Text>
            <Text size="sm" c="dimmed">
              Signed in <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              {row.signedInWith ? ` with: ${row.signedInWith}` : null}
            </Text>
          </Stack>
        </Group>
        {row.current ? null : (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconLogout size={14} aria-hidden />}
            onClick={() => onEnd(row)}
            aria-label={`End the session on ${row.device}`}
          >
            End
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * admin/security: where I am signed in. Ending a session signs that browser out on its next
 * request; "End all other sessions" keeps only this one.
 */
export function SessionsPanel() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  const list = sessions.data?.sessions ?? [];
  const rows = sessionRows(list);
  const others = otherSessionCount(list);

  function confirmEndOne() {
    if (!ending) return;
    const device = ending.device;
    endOne.mutate(ending.id, {
      onSuccess: () => {
        notifications.show({ message: `The session on ${device} was ended.`, color: 'green' });
      },
      onSettled: () => setEnding(null),
    });
  }

  function confirmEndOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        notifications.show({
          color: 'green',
          message:
            ended === 1 ? 'One other session was ended.' : `${ended} other sessions were ended.`,
        });
      },
      onSettled: () => setEndingOthers(false),
    });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-heading">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h3" id="sessions-heading">
            Where you are signed in
          </Title>
          <Text size="sm" c="dimmed">
            Ending a session signs that browser out the next time it is used.
          </Text>
        </Stack>
        <Button
          variant="default"
          color="red"
          disabled={others === 0}
          onClick={() => setEndingOthers(true)}
        >
          End all other sessions
        </Button>
      </Group>
      {sessions.isPending ? <Loader size="sm" aria-label="Loading your sessions" /> : null}
      {sessions.isError ? (
        <ErrorAlert title="Your sessions could not be loaded">{sessions.error.message}</ErrorAlert>
      ) : null}
      {endOne.isError ? <ErrorAlert>{endErrorMessage(endOne.error)}</ErrorAlert> : null}
      {endOthers.isError ? <ErrorAlert>{endErrorMessage(endOthers.error)}</ErrorAlert> : null}
      {rows.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Your sessions"
        >
          {rows.map((row) => (
            <SessionItem key={row.id} row={row} onEnd={setEnding} />
          ))}
        </Stack>
      ) : null}
      {sessions.isSuccess && others === 0 ? (
        <Text size="sm" c="dimmed">
          You are signed in on this device only.
        </Text>
      ) : null}

      <Modal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title="End this session?"
        centered
      >
        <Stack>
          <Text size="sm">
            {ending?.device}
            {ending?.ipAddress ? ` (${ending.ipAddress})` : ''} is signed out the next time it is
            used. Whoever uses it has to sign in again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              Cancel
            </Button>
            <Button color="red" loading={endOne.isPending} onClick={confirmEndOne}>
              End session
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={endingOthers}
        onClose={() => setEndingOthers(false)}
        title="End all other sessions?"
        centered
      >
        <Stack>
          <Text size="sm">
            {others === 1
              ? 'The other browser where you are signed in is signed out'
              : `The ${others} other browsers and devices where you are signed in are signed out`}{' '}
            the next time they are used. This one stays signed in.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEndingOthers(false)}>
              Cancel
            </Button>
            <Button color="red" loading={endOthers.isPending} onClick={confirmEndOthers}>
              End other sessions
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
