import {
  SUPPORT_PRIORITIES,
  SUPPORT_STATUSES,
  type SupportPriority,
  type SupportQueueSort,
  type SupportStatus,
  type SupportTicket,
} from '@tenantry/shared';
import { supportPriorityLabel, supportStatusLabel } from '#web/lib/labels.ts';
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
import { t } from '../messages.ts';
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
  const href = (tk: SupportTicket) => `/service/support/${encodeURIComponent(tk.id)}`;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Select
          label={t('queue.status.label')}
          placeholder={t('queue.status.placeholder')}
          clearable
          data={SUPPORT_STATUSES.map((s) => ({ value: s, label: supportStatusLabel(s) }))}
          value={filters.status ?? null}
          onChange={(v) => set('status', v)}
        />
        <Select
          label={t('queue.priority.label')}
          placeholder={t('queue.priority.placeholder')}
          clearable
          data={SUPPORT_PRIORITIES.map((p) => ({ value: p, label: supportPriorityLabel(p) }))}
          value={filters.priority ?? null}
          onChange={(v) => set('priority', v)}
        />
        <Select
          label={t('queue.assignee.label')}
          placeholder={t('queue.assignee.placeholder')}
          clearable
          data={[
            { value: 'me', label: t('queue.assignee.me') },
            { value: 'none', label: t('queue.assignee.nobody') },
            ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          value={filters.assignee ?? null}
          onChange={(v) => set('assignee', v)}
        />
        <Select
          label={t('queue.sort.label')}
          data={[
            { value: 'waiting', label: t('queue.sort.waiting') },
            { value: 'newest', label: t('queue.sort.newest') },
          ]}
          allowDeselect={false}
          value={filters.sort ?? 'waiting'}
          onChange={(v) => set('sort', v === 'waiting' ? null : v)}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="light" onClick={canned.open}>
          {t('queue.canned')}
        </Button>
      </Group>
      {queue.isPending ? (
        <Loader aria-label={t('queue.loading')} />
      ) : queue.isError ? (
        <ErrorAlert error={queue.error} />
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed">{t('queue.empty')}</Text>
      ) : (
        <TableOrCards
          items={queue.data.items}
          label={t('queue.label')}
          minWidth={760}
          head={
            <>
              <Table.Th>{t('queue.column.ticket')}</Table.Th>
              <Table.Th>{t('queue.column.account')}</Table.Th>
              <Table.Th>{t('queue.column.status')}</Table.Th>
              <Table.Th>{t('queue.column.priority')}</Table.Th>
              <Table.Th>{t('queue.column.waiting')}</Table.Th>
              <Table.Th>{t('queue.column.assignee')}</Table.Th>
            </>
          }
          row={(tk) => (
            <>
              <Table.Td>
                <Anchor component={Link} to={href(tk)} style={{ overflowWrap: 'anywhere' }}>
                  {ticketTitle(tk)}
                </Anchor>
              </Table.Td>
              <Table.Td>{tk.accountName}</Table.Td>
              <Table.Td>
                <StatusBadge status={tk.status} side="staff" />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={tk.priority} />
              </Table.Td>
              <Table.Td>{waitingFor(tk) ?? '—'}</Table.Td>
              <Table.Td>{tk.assignee?.name ?? '—'}</Table.Td>
            </>
          )}
          card={(tk) => (
            <Stack gap={4}>
              <Anchor component={Link} to={href(tk)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ticketTitle(tk)}
              </Anchor>
              <Group gap="xs">
                <StatusBadge status={tk.status} side="staff" />
                <PriorityBadge priority={tk.priority} />
              </Group>
              <Text size="xs" c="dimmed">
                {tk.accountName}
                {waitingFor(tk)
                  ? ` · ${t('queue.card.waiting', { time: waitingFor(tk) ?? '' })}`
                  : ''}
                {tk.assignee ? ` · ${tk.assignee.name}` : ''}
              </Text>
            </Stack>
          )}
        />
      )}
      {queue.data?.truncated ? (
        <Text size="xs" c="dimmed">
          {t('queue.truncated')}
        </Text>
      ) : null}
      <Drawer opened={cannedOpen} onClose={canned.close} title={t('canned.title')} position="right">
        <CannedReplies />
      </Drawer>
    </Stack>
  );
}
