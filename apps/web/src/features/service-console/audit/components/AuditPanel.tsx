import type { AuditVerification, ServiceAuditEntry } from '@tenantry/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useServiceAudit } from '../api/list-service-audit.ts';
import { serviceAuditKeys } from '../api/audit-keys.ts';
import {
  isVerificationActive,
  useAuditVerification,
  useVerifyAuditChain,
} from '../api/verify-audit-chain.ts';
import {
  actionChoices,
  NO_FILTERS,
  actorLabel,
  exportHref,
  hasFilters,
  readFilters,
  targetHref,
  verificationMessage,
  writeFilters,
  type AuditFilters,
} from '../lib/audit-view.ts';
import { t } from '../../messages.ts';

type TextFilter = 'actor' | 'account';

/**
 * A text filter that writes the URL once typing pauses (replacing the history entry), and
 * follows the URL when it changes otherwise (back, a link, "Clear filters").
 */
function useTypedFilter(key: TextFilter, filters: AuditFilters) {
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState(filters[key]);
  const [debounced] = useDebouncedValue(value.trim(), 300);
  const inUrl = useRef(filters[key]);
  useEffect(() => {
    if (debounced === inUrl.current) return;
    inUrl.current = debounced;
    setParams((prev) => writeFilters(prev, { [key]: debounced }), { replace: true });
  }, [debounced, key, setParams]);
  useEffect(() => {
    if (filters[key] === inUrl.current) return;
    inUrl.current = filters[key];
    setValue(filters[key]);
  }, [filters, key]);
  return [value, setValue] as const;
}

function Filters({ filters }: { filters: AuditFilters }) {
  const [params, setParams] = useSearchParams();
  const [actor, setActor] = useTypedFilter('actor', filters);
  const [account, setAccount] = useTypedFilter('account', filters);
  const set = (patch: Partial<AuditFilters>) =>
    setParams(writeFilters(params, patch), { replace: true });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('audit.filter.actor.label')}
        placeholder={t('audit.filter.actor.placeholder')}
        value={actor}
        onChange={(e) => setActor(e.currentTarget.value)}
        flex="1 1 220px"
        maxLength={320}
      />
      <TextInput
        label={t('audit.filter.account')}
        value={account}
        onChange={(e) => setAccount(e.currentTarget.value)}
        flex="1 1 200px"
        maxLength={100}
      />
      <Select
        label={t('audit.filter.action.label')}
        placeholder={t('audit.filter.action.placeholder')}
        data={actionChoices()}
        value={filters.action || null}
        onChange={(v) => set({ action: v ?? '' })}
        searchable
        clearable
        flex="1 1 240px"
      />
      <TextInput
        label={t('audit.filter.from')}
        type="date"
        value={filters.from}
        onChange={(e) => set({ from: e.currentTarget.value })}
        flex="0 1 160px"
      />
      <TextInput
        label={t('audit.filter.to')}
        type="date"
        value={filters.to}
        onChange={(e) => set({ to: e.currentTarget.value })}
        flex="0 1 160px"
      />
      {hasFilters(filters) ? (
        <Button variant="subtle" onClick={() => set(NO_FILTERS)}>
          {t('audit.filter.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

/** The verification's own state: progress while it runs, its result or failure once over. */
function VerificationState({ v }: { v: AuditVerification }) {
  if (v.state === 'queued' || v.state === 'running') {
    const pct = v.total > 0 ? Math.round((v.checked / v.total) * 100) : 0;
    return (
      <Stack gap={4} maw={420} role="status">
        <Text size="sm">
          {v.state === 'queued'
            ? t('audit.verify.queued')
            : t('audit.verify.running', {
                checked: v.checked.toLocaleString(),
                total: v.total.toLocaleString(),
              })}
        </Text>
        <Progress value={pct} aria-label={t('audit.verify.progress')} animated />
      </Stack>
    );
  }
  if (v.state === 'failed' || !v.result) {
    return (
      <Alert color="red" variant="light" role="status" title={t('audit.verify.failed')}>
        {v.error ?? t('audit.verify.failed.retry')}
      </Alert>
    );
  }
  const result = verificationMessage(v.result);
  const when = v.finishedAt ? formatDateTime(v.finishedAt) : formatDateTime(v.createdAt);
  return (
    <Alert
      color={v.result.ok ? 'teal' : 'red'}
      variant="light"
      role="status"
      title={result.title}
      icon={
        v.result.ok ? (
          <IconShieldCheck size={18} aria-hidden />
        ) : (
          <IconShieldX size={18} aria-hidden />
        )
      }
    >
      {result.body}
      <Text size="xs" c="dimmed" mt={4}>
        {v.requestedBy
          ? t('audit.verify.verifiedBy', { when, by: v.requestedBy })
          : t('audit.verify.verified', { when })}
      </Text>
    </Alert>
  );
}

function Verify() {
  const qc = useQueryClient();
  const status = useAuditVerification();
  const verify = useVerifyAuditChain();
  const v = status.data?.verification ?? null;
  const active = isVerificationActive(v);
  // A verification that ends is audited: the list below gains its entry.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void qc.invalidateQueries({ queryKey: serviceAuditKeys.all });
    wasActive.current = active;
  }, [active, qc]);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconShieldCheck size={16} aria-hidden />}
          loading={verify.isPending || active}
          onClick={() => verify.mutate()}
        >
          {t('audit.verify')}
        </Button>
      </Group>
      {verify.isError ? (
        <ErrorAlert title={t('audit.verify.failed')} error={verify.error}>
          {verify.error.message}
        </ErrorAlert>
      ) : null}
      {status.isError ? (
        <ErrorAlert title={t('audit.verify.loadFailed')} error={status.error}>
          {status.error.message}
        </ErrorAlert>
      ) : null}
      {v ? <VerificationState v={v} /> : null}
    </Stack>
  );
}

/** One line a person can read for an entry (the audit feature's describeAuditEntry). */
export type DescribeEntry = (entry: Pick<ServiceAuditEntry, 'action' | 'data'>) => string;

function EntryRow({ e, describe }: { e: ServiceAuditEntry; describe: DescribeEntry }) {
  const target = targetHref(e);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        <NameText name={actorLabel(e)} size="sm" lines={2} />
      </Table.Td>
      <Table.Td>
        {e.accountId ? (
          <NameText
            name={e.accountName ?? e.accountId}
            to={`/service/accounts/${encodeURIComponent(e.accountId)}`}
            size="sm"
            lines={2}
          />
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <NameText name={describe(e)} size="sm" lines={3} component="div" />
        <Group gap={4} mt={2}>
          <Text size="xs" c="dimmed" ff="monospace">
            {e.action}
          </Text>
          {e.chainSeq === null ? (
            <Badge size="xs" variant="outline" color="gray" title={t('audit.entry.unsealed.title')}>
              {t('audit.entry.unsealed')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {e.targetType}
        </Text>
        {e.targetId ? (
          <NameText name={e.targetId} to={target ?? undefined} size="xs" lines={1} ff="monospace" />
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" ff="monospace">
          {e.ipAddress ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * service/audit: the system-wide audit log — security events, staff actions and every
 * account's entries — with filters held in the URL, "Load more", CSV and JSON export of what
 * the filters match, and a verification of the hash chain. `describe` words each entry (the
 * route hands in the audit feature's describeAuditEntry).
 */
export function AuditPanel({ describe }: { describe: DescribeEntry }) {
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const audit = useServiceAudit(filters);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = hasFilters(filters);

  return (
    <Stack gap="md">
      <Filters filters={filters} />
      <Group gap="sm" justify="space-between" align="flex-start" wrap="wrap">
        <Verify />
        <Group gap="sm">
          {(['csv', 'json'] as const).map((format) => (
            <Button
              key={format}
              component="a"
              href={exportHref(filters, format)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('audit.download', { format: format.toUpperCase() })}
            </Button>
          ))}
        </Group>
      </Group>

      <PagedList
        query={audit}
        count={entries.length}
        noun={t('paged.auditEntries')}
        empty={
          <Text c="dimmed" role="status">
            {filtered ? t('audit.noneMatch') : t('audit.none')}
          </Text>
        }
      >
        <Table.ScrollContainer minWidth={1000}>
          <Table striped verticalSpacing="xs" aria-label={t('audit.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.column.time')}</Table.Th>
                <Table.Th w={200}>{t('audit.column.actor')}</Table.Th>
                <Table.Th w={180}>{t('audit.column.account')}</Table.Th>
                <Table.Th>{t('audit.column.action')}</Table.Th>
                <Table.Th w={160}>{t('audit.column.target')}</Table.Th>
                <Table.Th>{t('audit.column.ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <EntryRow key={e.id} e={e} describe={describe} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Stack>
  );
}
