import type { ServiceJob, ServiceSystem } from '@tenantry/shared';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { useFailedJobs, useJobAction, useSystemStatus } from '../api/system.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" role="region" aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Label–value rows. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={4}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function bytes(n: number | null): string {
  if (n === null) return 'unknown';
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

function Queues({ queues }: { queues: ServiceSystem['queues'] }) {
  if (queues.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No job queue yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Job queues" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Queue</Table.Th>
            {STATES.map((s) => (
              <Table.Th key={s} ta="right">
                {s}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((q) => (
            <Table.Tr key={q.name}>
              <Table.Td>{q.name}</Table.Td>
              {STATES.map((s) => (
                <Table.Td key={s} ta="right" c={s === 'failed' && q.counts[s] ? 'red' : undefined}>
                  {q.counts[s] ?? 0}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FailedJobs() {
  const list = useFailedJobs();
  const action = useJobAction();
  const [deleting, setDeleting] = useState<ServiceJob | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const retry = (job: ServiceJob) =>
    action.mutate(
      { jobId: job.id, action: 'retry' },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: `The ${job.queue} job is queued again.` }),
        onError: (err) => notifications.show({ color: 'red', message: err.message }),
      },
    );
  return (
    <>
      <PagedList
        query={list}
        count={rows.length}
        noun="failed jobs"
        empty={
          <Text size="sm" c="dimmed" role="status">
            No failed job.
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Failed jobs" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th>Failed</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    <Text size="sm">{job.queue}</Text>
                    <Text size="xs" c="dimmed">
                      {job.retryCount} retries
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={formatDateTime(job.endedAt ?? job.createdAt)}>
                      {formatRelativeTime(job.endedAt ?? job.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={360}>
                    <NameText name={job.error ?? '—'} size="sm" lines={3} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={action.isPending && action.variables?.jobId === job.id}
                        onClick={() => retry(job)}
                        aria-label={`Retry the ${job.queue} job`}
                      >
                        Retry
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(job)}
                        aria-label={`Delete the ${job.queue} job`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this job?"
        confirmLabel="Delete"
        pending={action.isPending}
        error={action.isError ? action.error.message : undefined}
        onClose={() => {
          setDeleting(null);
          action.reset();
        }}
        onConfirm={() =>
          deleting &&
          action.mutate(
            { jobId: deleting.id, action: 'delete' },
            { onSuccess: () => setDeleting(null) },
          )
        }
      >
        <Text size="sm">
          The {deleting?.queue} job will not run again and its error is gone from this list.
        </Text>
      </ConfirmModal>
    </>
  );
}

function Processes({ processes }: { processes: ServiceSystem['processes'] }) {
  if (processes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No server process has reported yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Server processes" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Host</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Last seen</Table.Th>
            <Table.Th ta="right">Live streams</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {processes.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">
                    {p.host} · {p.pid}
                  </Text>
                  {p.gone ? (
                    <Badge color="gray" size="sm" variant="light">
                      Gone
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(p.startedAt)}</Table.Td>
              <Table.Td>{formatRelativeTime(p.lastSeen)}</Table.Td>
              <Table.Td ta="right">{p.gone ? '—' : p.liveConnections}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Status({ s }: { s: ServiceSystem }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Section title="Version">
          <Facts
            rows={[
              [
                'Build',
                s.version.buildTimestamp
                  ? formatDateTime(new Date(s.version.buildTimestamp).toISOString())
                  : 'no web build',
              ],
              ['Node.js', s.version.node],
            ]}
          />
        </Section>
        <Section title="Database">
          <Facts
            rows={[
              ['Kind', s.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'],
              ['Size', bytes(s.database.sizeBytes)],
              ['Migrations', String(s.database.migrations.applied)],
              ['Last migration', s.database.migrations.last ?? '—'],
              [
                'Connections',
                s.database.connections === null ? '—' : String(s.database.connections),
              ],
            ]}
          />
        </Section>
        <Section title="Mail">
          <Facts
            rows={[
              ['Mode', s.mail.mode === 'smtp' ? 'SMTP' : 'Development mailbox'],
              ['Failures in 24 hours', String(s.mail.failures24h)],
            ]}
          />
          {s.mail.recentFailures.length > 0 ? (
            <Stack gap={2} mt="xs" aria-label="Recent mail failures">
              {s.mail.recentFailures.map((f) => (
                <Text key={f.id} size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {formatRelativeTime(f.createdAt)} · {f.recipient} · “{f.subject}”: {f.error}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Section>
        <Section title="Webhook deliveries">
          <Facts
            rows={[
              ['Succeeded in 24 hours', String(s.webhooks.succeeded24h)],
              ['Failed in 24 hours', String(s.webhooks.failed24h)],
              ['Pending', String(s.webhooks.pending)],
            ]}
          />
          {s.webhooks.failingEndpoints.length > 0 ? (
            <Stack gap={2} mt="xs" aria-label="Failing endpoints">
              {s.webhooks.failingEndpoints.map((e) => (
                <Text key={e.endpointId} size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {e.accountName}: {e.url} ({e.failed24h} failed)
                </Text>
              ))}
            </Stack>
          ) : null}
        </Section>
        <Section title="Configuration">
          <Facts rows={s.config.map((c) => [c.key, c.value])} />
        </Section>
      </SimpleGrid>
      <Section title="Server processes">
        <Processes processes={s.processes} />
      </Section>
      <Section title="Job queues">
        <Queues queues={s.queues} />
      </Section>
    </Stack>
  );
}

/**
 * service/system: the health of the service — version, database, mail, webhook deliveries,
 * configuration (non-secret), server processes with their live streams, job queues — and the
 * failed jobs with their error, to retry or delete.
 */
export function SystemPanel() {
  const status = useSystemStatus();
  return (
    <Stack gap="md">
      {status.isError ? (
        <ErrorAlert title="The system's state could not be loaded" error={status.error}>
          {status.error.message}
        </ErrorAlert>
      ) : status.data ? (
        <Status s={status.data} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          aria-busy="true"
          aria-label="Loading"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </SimpleGrid>
      )}
      <Section title="Failed jobs">
        <FailedJobs />
      </Section>
    </Stack>
  );
}
