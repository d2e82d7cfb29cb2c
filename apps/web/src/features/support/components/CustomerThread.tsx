import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useMyTicket } from '../api/get-ticket.ts';
import { useReplyToTicket } from '../api/reply-ticket.ts';
import { useSetTicketStatus } from '../api/set-ticket-status.ts';
import { canReply, ticketTitle } from '../lib/support-view.ts';
import { t } from '../messages.ts';
import { MessageList } from './MessageList.tsx';
import { ScreenshotInput, type Uploaded } from './ScreenshotInput.tsx';
import { PriorityBadge, StatusBadge } from './TicketBadges.tsx';

/** One of the customer's tickets: its thread, a reply, close and reopen. */
export function CustomerThread({ id, backHref }: { id: string; backHref: string }) {
  const ticket = useMyTicket(id);
  const reply = useReplyToTicket(id);
  const status = useSetTicketStatus(id);
  const [body, setBody] = useState('');
  const [shots, setShots] = useState<Uploaded[]>([]);
  const [error, setError] = useState<string | null>(null);

  const back = (
    <Anchor component={Link} to={backHref} size="sm">
      {t('thread.back')}
    </Anchor>
  );
  if (ticket.isPending) return <Loader aria-label={t('thread.loading')} />;
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && ticket.error.status === 404;
    return (
      <Stack>
        {back}
        <ErrorAlert error={missing ? undefined : ticket.error}>
          {missing ? t('thread.notFound') : undefined}
        </ErrorAlert>
      </Stack>
    );
  }
  const tk = ticket.data;

  const send = () => {
    if (!body.trim()) {
      setError(t('thread.reply.empty'));
      return;
    }
    setError(null);
    reply.mutate(
      { body, attachmentIds: shots.map((s) => s.id) },
      {
        onSuccess: () => {
          setBody('');
          setShots([]);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {ticketTitle(tk)}
        </Title>
        <Group gap="xs" mt={4}>
          <StatusBadge status={tk.status} side="customer" />
          <PriorityBadge priority={tk.priority} />
          <Text size="xs" c="dimmed">
            {tk.createdBy
              ? t('thread.openedBy', {
                  date: formatDateTime(tk.createdAt),
                  name: tk.createdBy.name,
                })
              : t('thread.opened', { date: formatDateTime(tk.createdAt) })}
          </Text>
        </Group>
      </div>
      <MessageList messages={tk.messages} side="customer" />
      {canReply(tk.status) ? (
        <Stack gap="sm">
          <MarkdownEditor
            label={t('thread.reply.label')}
            minHeight={140}
            previewSize="sm"
            value={body}
            onChange={setBody}
            error={error}
          />
          <ScreenshotInput value={shots} onChange={setShots} />
          {reply.isError ? <ErrorAlert error={reply.error} /> : null}
          {status.isError ? <ErrorAlert error={status.error} /> : null}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => status.mutate('closed')}
              loading={status.isPending}
            >
              {t('thread.close')}
            </Button>
            <Button onClick={send} loading={reply.isPending}>
              {t('thread.send')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Text size="sm">{t('thread.closed')}</Text>
          <Button variant="light" onClick={() => status.mutate('open')} loading={status.isPending}>
            {t('thread.reopen')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
