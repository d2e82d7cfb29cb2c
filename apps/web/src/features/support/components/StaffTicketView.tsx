import {
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  type SupportPriority,
  type SupportStatus,
} from '@tenantry/shared';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useStaffTicket } from '../api/get-staff-ticket.ts';
import { useCannedReplies } from '../api/list-canned.ts';
import { useStaffMembers } from '../api/list-staff.ts';
import { useStaffReply } from '../api/staff-reply.ts';
import { useUpdateTicket } from '../api/update-ticket.ts';
import { ticketTitle } from '../lib/support-view.ts';
import { MessageList } from './MessageList.tsx';
import { PriorityBadge, StatusBadge } from './TicketBadges.tsx';

const UNASSIGNED = '__none__';

/** One ticket in the service console: the whole thread, reply or note, and its handling. */
export function StaffTicketView({ id, backHref }: { id: string; backHref: string }) {
  const ticket = useStaffTicket(id);
  const staff = useStaffMembers();
  const canned = useCannedReplies();
  const reply = useStaffReply(id);
  const update = useUpdateTicket(id);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const back = (
    <Anchor component={Link} to={backHref} size="sm">
      ← Support queue
    </Anchor>
  );
  if (ticket.isPending) return <Loader aria-label="Loading the ticket" />;
  if (ticket.isError)
    return (
      <Stack>
        {back}
        <ErrorAlert error={ticket.error} />
      </Stack>
    );
  const t = ticket.data;

  const send = () => {
    if (!body.trim()) {
      setError(internal ? 'Write the note.' : 'Write a reply.');
      return;
    }
    setError(null);
    reply.mutate({ body, internal }, { onSuccess: () => setBody('') });
  };

  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {ticketTitle(t)}
        </Title>
        <Group gap="xs" mt={4}>
          <StatusBadge status={t.status} side="staff" />
          <PriorityBadge priority={t.priority} />
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t.accountName} · {t.createdBy?.name ?? 'Former member'} · opened{' '}
          {formatDateTime(t.createdAt)}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Page: {t.pagePath ?? '—'} · App version: {t.appVersion ?? '—'}
        </Text>
      </div>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Status"
            data={SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABELS[s] }))}
            value={t.status}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ status: v as SupportStatus })}
          />
          <Select
            label="Priority"
            data={SUPPORT_PRIORITIES.map((p) => ({ value: p, label: SUPPORT_PRIORITY_LABELS[p] }))}
            value={t.priority}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ priority: v as SupportPriority })}
          />
          <Select
            label="Assignee"
            data={[
              { value: UNASSIGNED, label: 'Nobody' },
              ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
            value={t.assignee?.id ?? UNASSIGNED}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ assigneeId: v === UNASSIGNED ? null : v })}
          />
        </SimpleGrid>
        {update.isError ? <ErrorAlert error={update.error} mt="sm" /> : null}
      </Paper>
      <MessageList messages={t.messages} side="staff" />
      <Stack gap="sm">
        <Select
          label="Canned reply"
          placeholder={
            canned.data?.items.length ? 'Insert a canned reply' : 'No canned replies yet'
          }
          data={(canned.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }))}
          value={null}
          disabled={!canned.data?.items.length}
          onChange={(v) => {
            const c = canned.data?.items.find((x) => x.id === v);
            if (c) setBody((b) => (b.trim() ? `${b}\n\n${c.body}` : c.body));
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <MarkdownEditor
          label={internal ? 'Internal note' : 'Reply to the customer'}
          minHeight={140}
          previewSize="sm"
          value={body}
          onChange={setBody}
          error={error}
        />
        <Checkbox
          label="Internal note (customers never see it)"
          checked={internal}
          onChange={(e) => setInternal(e.currentTarget.checked)}
        />
        {reply.isError ? <ErrorAlert error={reply.error} /> : null}
        <Group justify="flex-end">
          <Button onClick={send} loading={reply.isPending} color={internal ? 'yellow' : undefined}>
            {internal ? 'Add note' : 'Send reply'}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
