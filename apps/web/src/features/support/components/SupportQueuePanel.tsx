import {
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  type SupportPriority,
  type SupportQueueSort,
  type SupportStatus,
  type SupportTicket,
} from '@tenantry/shared';
import {
  Anchor,
  Button,
  Drawer,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { useStaffMembers } from '../api/list-staff.ts';
import { useQueue, type QueueFilters } from '../api/list-queue.ts';
import { ticketTitle, waitingFor } from '../lib/support-view.ts';
import { CannedReplies } from './CannedReplies.tsx';
import { StaffTicketView } from './StaffTicketView.tsx';
import { PriorityBadge, StatusBadge } from './TicketBadges.tsx';

const pick = <T extends string>(v: string | null, all: readonly T[]): T | undefined =>
  v !== null && (all as readonly string[]).includes(v) ? (v as T) : undefined;

/** The service console's support tab: the queue (filters in the URL), or one ticket (`focus`). */
export function SupportQueuePanel({ focus }: { focus?: string }) {
  if (focus) return <StaffTicketView id={focus} backHref="/service/support" />;
  return <Queue />;
}

function Queue() {
  const [params, setParams] = useSearchParams();
  const [cannedOpen, canned] = useDisclosure(false);
  const filters: QueueFilters = {
    status: pick<SupportStatus>(params.get('status'), SUPPORT_STATUSES),
    priority: pick<SupportPriority>(params.get('priority'), SUPPORT_PRIORITIES),
    assignee: params.get('assignee') || undefined,
    sort: pick<SupportQueueSort>(params.get('sort'), ['waiting', 'newest']) ?? 'waiting',
  };
  const queue = useQueue(filters);
  const staff = useStaffMembers();
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const href = (t: SupportTicket) => `/service/support/${encodeURIComponent(t.id)}`;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABELS[s] }))}
          value={filters.status ?? null}
          onChange={(v) => set('status', v)}
        />
        <Select
          label="Priority"
          placeholder="Any"
          clearable
          data={SUPPORT_PRIORITIES.map((p) => ({ value: p, label: SUPPORT_PRIORITY_LABELS[p] }))}
          value={filters.priority ?? null}
          onChange={(v) => set('priority', v)}
        />
        <Select
          label="Assignee"
          placeholder="Anyone"
          clearable
          data={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Nobody' },
            ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          value={filters.assignee ?? null}
          onChange={(v) => set('assignee', v)}
        />
        <Select
          label="Sort"
          data={[
            { value: 'waiting', label: 'Waiting longest' },
            { value: 'newest', label: 'Newest' },
          ]}
          allowDeselect={false}
          value={filters.sort ?? 'waiting'}
          onChange={(v) => set('sort', v === 'waiting' ? null : v)}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="light" onClick={canned.open}>
          Canned replies
        </Button>
      </Group>
      {queue.isPending ? (
        <Loader aria-label="Loading the queue" />
      ) : queue.isError ? (
        <ErrorAlert error={queue.error} />
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed">No tickets match these filters.</Text>
      ) : (
        <TableOrCards
          items={queue.data.items}
          label="Support tickets"
          minWidth={760}
          head={
            <>
              <Table.Th>Ticket</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Priority</Table.Th>
              <Table.Th>Waiting</Table.Th>
              <Table.Th>Assignee</Table.Th>
            </>
          }
          row={(t) => (
            <>
              <Table.Td>
                <Anchor component={Link} to={href(t)} style={{ overflowWrap: 'anywhere' }}>
                  {ticketTitle(t)}
                </Anchor>
              </Table.Td>
              <Table.Td>{t.accountName}</Table.Td>
              <Table.Td>
                <StatusBadge status={t.status} side="staff" />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={t.priority} />
              </Table.Td>
              <Table.Td>{waitingFor(t) ?? '—'}</Table.Td>
              <Table.Td>{t.assignee?.name ?? '—'}</Table.Td>
            </>
          )}
          card={(t) => (
            <Stack gap={4}>
              <Anchor component={Link} to={href(t)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ticketTitle(t)}
              </Anchor>
              <Group gap="xs">
                <StatusBadge status={t.status} side="staff" />
                <PriorityBadge priority={t.priority} />
              </Group>
              <Text size="xs" c="dimmed">
                {t.accountName}
                {waitingFor(t) ? ` · waiting ${waitingFor(t)}` : ''}
                {t.assignee ? ` · ${t.assignee.name}` : ''}
              </Text>
            </Stack>
          )}
        />
      )}
      {queue.data?.truncated ? (
        <Text size="xs" c="dimmed">
          Only the first tickets are shown; narrow the filters.
        </Text>
      ) : null}
      <Drawer opened={cannedOpen} onClose={canned.close} title="Canned replies" position="right">
        <CannedReplies />
      </Drawer>
    </Stack>
  );
}
