import {
  SUPPORT_PRIORITIES,
  SUPPORT_STATUSES,
  type SupportPriority,
  type SupportStatus,
} from '@tenantry/shared';
import { supportPriorityLabel, supportStatusLabel } from '#web/lib/labels.ts';
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
import { t } from '../messages.ts';
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
      {t('staff.back')}
    </Anchor>
  );
  if (ticket.isPending) return <Loader aria-label={t('staff.loading')} />;
  if (ticket.isError)
    return (
      <Stack>
        {back}
        <ErrorAlert error={ticket.error} />
      </Stack>
    );
  const tk = ticket.data;

  const send = () => {
    if (!body.trim()) {
      setError(internal ? t('staff.note.empty') : t('staff.reply.empty'));
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
          {ticketTitle(tk)}
        </Title>
        <Group gap="xs" mt={4}>
          <StatusBadge status={tk.status} side="staff" />
          <PriorityBadge priority={tk.priority} />
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t('staff.meta', {
            account: tk.accountName,
            creator: tk.createdBy?.name ?? t('staff.formerMember'),
            date: formatDateTime(tk.createdAt),
          })}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('staff.context', { page: tk.pagePath ?? '—', version: tk.appVersion ?? '—' })}
        </Text>
      </div>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('staff.status.label')}
            data={SUPPORT_STATUSES.map((s) => ({ value: s, label: supportStatusLabel(s) }))}
            value={tk.status}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ status: v as SupportStatus })}
          />
          <Select
            label={t('staff.priority.label')}
            data={SUPPORT_PRIORITIES.map((p) => ({ value: p, label: supportPriorityLabel(p) }))}
            value={tk.priority}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ priority: v as SupportPriority })}
          />
          <Select
            label={t('staff.assignee.label')}
            data={[
              { value: UNASSIGNED, label: t('staff.assignee.nobody') },
              ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
            value={tk.assignee?.id ?? UNASSIGNED}
            allowDeselect={false}
            onChange={(v) => v && update.mutate({ assigneeId: v === UNASSIGNED ? null : v })}
          />
        </SimpleGrid>
        {update.isError ? <ErrorAlert error={update.error} mt="sm" /> : null}
      </Paper>
      <MessageList messages={tk.messages} side="staff" />
      <Stack gap="sm">
        <Select
          label={t('staff.canned.label')}
          placeholder={
            canned.data?.items.length ? t('staff.canned.placeholder') : t('staff.canned.none')
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
          label={internal ? t('staff.note.label') : t('staff.reply.label')}
          minHeight={140}
          previewSize="sm"
          value={body}
          onChange={setBody}
          error={error}
        />
        <Checkbox
          label={t('staff.note.toggle')}
          checked={internal}
          onChange={(e) => setInternal(e.currentTarget.checked)}
        />
        {reply.isError ? <ErrorAlert error={reply.error} /> : null}
        <Group justify="flex-end">
          <Button onClick={send} loading={reply.isPending} color={internal ? 'yellow' : undefined}>
            {internal ? t('staff.note.add') : t('staff.reply.send')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
