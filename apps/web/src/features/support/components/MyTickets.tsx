import { SUPPORT_STATUSES, type SupportStatus, type SupportTicket } from '@tenantry/shared';
import { Anchor, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatRelativeTime } from '#web/lib/format.ts';
import { useMyTickets } from '../api/list-tickets.ts';
import { customerStatusLabel, ticketTitle } from '../lib/support-view.ts';
import { t } from '../messages.ts';
import { StatusBadge } from './TicketBadges.tsx';

function TicketRow({ tk, hrefFor }: { tk: SupportTicket; hrefFor: (id: string) => string }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={hrefFor(tk.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {ticketTitle(tk)}
        </Anchor>
        <StatusBadge status={tk.status} side="customer" />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {tk.createdBy ? `${tk.createdBy.name} · ` : ''}
        {t('tickets.row.activity', {
          count: tk.messageCount,
          when: formatRelativeTime(tk.lastMessageAt),
        })}
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
        label={t('tickets.status.label')}
        w={{ base: '100%', sm: 240 }}
        placeholder={t('tickets.status.placeholder')}
        clearable
        data={SUPPORT_STATUSES.map((s) => ({ value: s, label: customerStatusLabel(s) }))}
        value={status}
        onChange={(v) => onStatus((v as SupportStatus | null) ?? null)}
      />
      {list.isPending ? (
        <Loader aria-label={t('tickets.loading')} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{status ? t('tickets.empty.status') : t('tickets.empty.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((tk) => (
            <TicketRow key={tk.id} tk={tk} hrefFor={hrefFor} />
          ))}
          {list.data.truncated ? (
            <Text size="xs" c="dimmed">
              {t('tickets.truncated')}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
