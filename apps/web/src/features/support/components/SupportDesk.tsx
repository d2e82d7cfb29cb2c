import { SUPPORT_STATUSES, type SupportStatus } from '@tenantry/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { t } from '../messages.ts';
import { CustomerThread } from './CustomerThread.tsx';
import { MyTickets } from './MyTickets.tsx';
import { NewTicketForm } from './NewTicketForm.tsx';

const isStatus = (s: string | null): s is SupportStatus =>
  s !== null && (SUPPORT_STATUSES as readonly string[]).includes(s);

/**
 * The page a ticket is raised from: `?from=` (a link into support may set it), else the page
 * of this site the browser came from, else `null`.
 */
function fromPage(params: URLSearchParams): string | null {
  const from = params.get('from');
  if (from && from.startsWith('/')) return from;
  try {
    const ref = new URL(document.referrer);
    return ref.origin === window.location.origin && ref.pathname !== '/support'
      ? ref.pathname
      : null;
  } catch {
    return null;
  }
}

/**
 * The customer's support desk, kept in the URL: `?ticket=<id>` a thread, `?new=1` the form
 * (with `from=` the page it was raised from), otherwise the tickets with `?status=`.
 */
export function SupportDesk() {
  const [params, setParams] = useSearchParams();
  const ticket = params.get('ticket');
  const status = params.get('status');
  const hrefFor = (id: string) => `/support?ticket=${encodeURIComponent(id)}`;

  if (ticket) return <CustomerThread id={ticket} backHref="/support" />;
  if (params.get('new')) {
    return (
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="xs">
          {t('desk.new.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('desk.new.intro')}
        </Text>
        <NewTicketForm
          pagePath={fromPage(params)}
          onCreated={(tk) => setParams({ ticket: tk.id })}
          onCancel={() => setParams({})}
        />
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('desk.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setParams({ new: '1' })}
        >
          {t('desk.new')}
        </Button>
      </Group>
      <MyTickets
        status={isStatus(status) ? status : null}
        onStatus={(s) => setParams(s ? { status: s } : {}, { replace: true })}
        hrefFor={hrefFor}
      />
    </Stack>
  );
}
