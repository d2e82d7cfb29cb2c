import { SUPPORT_STATUSES, type SupportStatus, type SupportTicket } from '@tenantry/shared';
import { Anchor, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatRelativeTime } from '#web/lib/format.ts';
import { useMyTickets } from '../api/list-tickets.ts';
import { customerStatusLabel, ticketTitle } from '../lib/support-view.ts';
import { StatusBadge } from './TicketBadges.tsx';

function TicketRow({ t, hrefFor }: { t: SupportTicket; hrefFor: (id: string) => string }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={hrefFor(t.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {ticketTitle(t)}
        </Anchor>
        <StatusBadge status={t.status} side="customer" />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t.createdBy ? `${t.createdBy.name} · ` : ''}
        {t.messageCount} message{t.messageCount === 1 ? '' : 's'} · last{' '}
        {formatRelativeTime(t.lastMessageAt)}
      </Text>
    </Paper>
  );
}

/** The tickets the person may see (owners and admins: the account's), with a status filter. */
export function MyTickets({
  status,
  onStatus,
  hrefFor,
}: {
  status: SupportStatus | null;
  onStatus: (s: SupportStatus | null) => void;
  hrefFor: (id: string) => string;
}) {
  const list = useMyTickets(status);
  return (
    <Stack gap="sm">
      <Select
        label="Status"
        w={{ base: '100%', sm: 240 }}
        placeholder="All tickets"
        clearable
        data={SUPPORT_STATUSES.map((s) => ({ value: s, label: customerStatusLabel(s) }))}
        value={status}
        onChange={(v) => onStatus((v as SupportStatus | null) ?? null)}
      />
      {list.isPending ? (
        <Loader aria-label="Loading tickets" />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">
          {status
            ? 'No tickets with this status.'
            : 'No tickets yet. Ask us anything with “New ticket”.'}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((t) => (
            <TicketRow key={t.id} t={t} hrefFor={hrefFor} />
          ))}
          {list.data.truncated ? (
            <Text size="xs" c="dimmed">
              Only the most recent tickets are shown.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
