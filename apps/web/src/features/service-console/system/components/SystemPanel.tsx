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
import { t } from '../../messages.ts';
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
  if (n === null) return t('system.database.sizeUnknown');
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

function Queues({ queues }: { queues: ServiceSystem['queues'] }) {
  if (queues.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('system.queues.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('system.queues.title')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('system.queues.queue')}</Table.Th>
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
          notifications.show({
            color: 'teal',
            message: t('system.jobs.retried', { queue: job.queue }),
          }),
        onError: (err) => notifications.show({ color: 'red', message: err.message }),
      },
    );
  return (
    <>
      <PagedList
        query={list}
        count={rows.length}
        noun={t('paged.failedJobs')}
        empty={
          <Text size="sm" c="dimmed" role="status">
            {t('system.jobs.none')}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('system.jobs.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('system.jobs.column.queue')}</Table.Th>
                <Table.Th>{t('system.jobs.column.failed')}</Table.Th>
                <Table.Th>{t('system.jobs.column.error')}</Table.Th>
                <Table.Th>{t('system.jobs.column.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    <Text size="sm">{job.queue}</Text>
                    <Text size="xs" c="dimmed">
                      {t('system.jobs.retries', { count: job.retryCount })}
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
                        aria-label={t('system.jobs.retry.label', { queue: job.queue })}
                      >
                        {t('system.jobs.retry')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(job)}
                        aria-label={t('system.jobs.delete.label', { queue: job.queue })}
                      >
                        {t('system.jobs.delete')}
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
        title={t('system.jobs.delete.title')}
        confirmLabel={t('system.jobs.delete.confirm')}
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
        <Text size="sm">{t('system.jobs.delete.body', { queue: deleting?.queue ?? '' })}</Text>
      </ConfirmModal>
    </>
  );
}

function Processes({ processes }: { processes: ServiceSystem['processes'] }) {
  if (processes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('system.processes.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={t('system.processes.title')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('system.processes.column.host')}</Table.Th>
            <Table.Th>{t('system.processes.column.started')}</Table.Th>
            <Table.Th>{t('system.processes.column.lastSeen')}</Table.Th>
            <Table.Th ta="right">{t('system.processes.column.liveStreams')}</Table.Th>
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
                      {t('system.processes.gone')}
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
        <Section title={t('system.version')}>
          <Facts
            rows={[
              [
                t('system.version.build'),
                s.version.buildTimestamp
                  ? formatDateTime(new Date(s.version.buildTimestamp).toISOString())
                  : t('system.version.noBuild'),
              ],
              ['Node.js', s.version.node],
            ]}
          />
        </Section>
        <Section title={t('system.database')}>
          <Facts
            rows={[
              [
                t('system.database.kind'),
                s.database.kind === 'postgres' ? 'PostgreSQL' : t('system.database.kind.pglite'),
              ],
              [t('system.database.size'), bytes(s.database.sizeBytes)],
              [t('system.database.migrations'), String(s.database.migrations.applied)],
              [t('system.database.lastMigration'), s.database.migrations.last ?? '—'],
              [
                t('system.database.connections'),
                s.database.connections === null ? '—' : String(s.database.connections),
              ],
            ]}
          />
        </Section>
        <Section title={t('system.mail')}>
          <Facts
            rows={[
              [
                t('system.mail.mode'),
                s.mail.mode === 'smtp' ? 'SMTP' : t('system.mail.mode.mailbox'),
              ],
              [t('system.mail.failures24h'), String(s.mail.failures24h)],
            ]}
          />
          {s.mail.recentFailures.length > 0 ? (
            <Stack gap={2} mt="xs" aria-label={t('system.mail.recentFailures')}>
              {s.mail.recentFailures.map((f) => (
                <Text key={f.id} size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {t('system.mail.failure', {
                    when: formatRelativeTime(f.createdAt),
                    recipient: f.recipient,
                    subject: f.subject,
                    error: f.error,
                  })}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Section>
        <Section title={t('system.webhooks')}>
          <Facts
            rows={[
              [t('system.webhooks.succeeded24h'), String(s.webhooks.succeeded24h)],
              [t('system.webhooks.failed24h'), String(s.webhooks.failed24h)],
              [t('system.webhooks.pending'), String(s.webhooks.pending)],
            ]}
          />
          {s.webhooks.failingEndpoints.length > 0 ? (
            <Stack gap={2} mt="xs" aria-label={t('system.webhooks.failingEndpoints')}>
              {s.webhooks.failingEndpoints.map((e) => (
                <Text key={e.endpointId} size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {t('system.webhooks.failingEndpoint', {
                    account: e.accountName,
                    url: e.url,
                    count: e.failed24h,
                  })}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Section>
        <Section title={t('system.config')}>
          <Facts rows={s.config.map((c) => [c.key, c.value])} />
        </Section>
      </SimpleGrid>
      <Section title={t('system.processes.title')}>
        <Processes processes={s.processes} />
      </Section>
      <Section title={t('system.queues.title')}>
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
        <ErrorAlert title={t('system.loadFailed')} error={status.error}>
          {status.error.message}
        </ErrorAlert>
      ) : status.data ? (
        <Status s={status.data} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="sm"
          aria-busy="true"
          aria-label={t('system.loading')}
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </SimpleGrid>
      )}
      <Section title={t('system.jobs.title')}>
        <FailedJobs />
      </Section>
    </Stack>
  );
}
