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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

function endErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return t('end.error.alreadyEnded');
  return err instanceof Error ? err.message : t('end.error.generic');
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
                  {t('item.current')}
                </Badge>
              ) : null}
              {row.shared ? (
                <Badge size="sm" variant="light" color="grape">
                  {t('item.shared')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.ipAddress ? t('item.ip', { ip: row.ipAddress }) : t('item.ipUnknown')}
            </Text>
            <Text size="sm" c="dimmed">
              {rich(
                t,
                'item.lastActive',
                {},
                {
                  when: (
                    <time dateTime={row.lastActiveAt} title={formatDateTime(row.lastActiveAt)}>
                      {formatRelativeTime(row.lastActiveAt)}
                    </time>
                  ),
                },
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {rich(
                t,
                row.signedInWith ? 'item.signedInWith' : 'item.signedIn',
                { method: row.signedInWith ?? '' },
                { date: <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
              )}
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
            aria-label={t('item.end.label', { device: row.device })}
          >
            {t('item.end')}
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
        notifications.show({ message: t('end.done', { device }), color: 'green' });
      },
      onSettled: () => setEnding(null),
    });
  }

  function confirmEndOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        notifications.show({
          color: 'green',
          message: t('endOthers.done', { count: ended }),
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
            {t('panel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('panel.intro')}
          </Text>
        </Stack>
        <Button
          variant="default"
          color="red"
          disabled={others === 0}
          onClick={() => setEndingOthers(true)}
        >
          {t('panel.endOthers')}
        </Button>
      </Group>
      {sessions.isPending ? <Loader size="sm" aria-label={t('panel.loading')} /> : null}
      {sessions.isError ? (
        <ErrorAlert title={t('panel.loadFailed')}>{sessions.error.message}</ErrorAlert>
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
          aria-label={t('panel.list')}
        >
          {rows.map((row) => (
            <SessionItem key={row.id} row={row} onEnd={setEnding} />
          ))}
        </Stack>
      ) : null}
      {sessions.isSuccess && others === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panel.onlyThis')}
        </Text>
      ) : null}

      <Modal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={t('end.title')}
        centered
      >
        <Stack>
          <Text size="sm">
            {ending?.ipAddress
              ? t('end.bodyWithIp', { device: ending.device, ip: ending.ipAddress })
              : t('end.body', { device: ending?.device ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              {t('end.cancel')}
            </Button>
            <Button color="red" loading={endOne.isPending} onClick={confirmEndOne}>
              {t('end.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={endingOthers}
        onClose={() => setEndingOthers(false)}
        title={t('endOthers.title')}
        centered
      >
        <Stack>
          <Text size="sm">{t('endOthers.body', { count: others })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEndingOthers(false)}>
              {t('endOthers.cancel')}
            </Button>
            <Button color="red" loading={endOthers.isPending} onClick={confirmEndOthers}>
              {t('endOthers.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
