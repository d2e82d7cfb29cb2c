import { formatScore, type TenantSummary } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTenantList } from '../api/list-tenants.ts';
import { openTasksView } from '../lib/open-tasks.ts';
import {
  DEFAULT_CONTROLS,
  parseSortChoice,
  SORT_CHOICES,
  tenantCsvHref,
  toListQuery,
  type TenantListControls,
} from '../lib/list-query.ts';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatDate } from '#web/lib/format.ts';

const tenantHref = (t: TenantSummary) => `/tenant/${encodeURIComponent(t.id)}/overview`;

function TenantTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {tags.map((tag) => (
        <Badge key={tag} variant="light" size="sm" tt="none" maw="100%" title={tag}>
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

function ArchivedBadge() {
  return (
    <Badge color="gray" variant="outline" size="sm">
      Archived
    </Badge>
  );
}

/** The client tenants of my account: search, tag, sort, archived filter, "Load more". */
export function TenantList({ onCreate }: { onCreate: () => void }) {
  const [controls, setControls] = useState<TenantListControls>(DEFAULT_CONTROLS);
  const [search] = useDebouncedValue(controls.search, 300);
  const [tag] = useDebouncedValue(controls.tag ?? '', 300);
  const filters = useMemo(() => toListQuery({ ...controls, search, tag }), [controls, search, tag]);
  const list = useTenantList(filters);
  const tenants = list.data?.pages.flatMap((p) => p.tenants) ?? [];
  const filtered = Boolean(filters.q || filters.tag);
  const update = (patch: Partial<TenantListControls>) => setControls((c) => ({ ...c, ...patch }));

  if (list.isSuccess && tenants.length === 0 && !filtered && !controls.showArchived) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconBuilding size={40} aria-hidden />
          <Title order={2} size="h3">
            No client tenants yet
          </Title>
          <Text c="dimmed" maw={420}>
            A client tenant is an organisation you assess. Create the first one to start.
          </Text>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            New client tenant
          </Button>
          <Switch
            label="Show archived"
            checked={controls.showArchived}
            onChange={(e) => update({ showArchived: e.currentTarget.checked })}
          />
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or tag"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={controls.search}
          onChange={(e) => update({ search: e.currentTarget.value })}
          flex="1 1 220px"
          type="search"
        />
        <TextInput
          label="Tag"
          placeholder="e.g. finance"
          value={controls.tag ?? ''}
          onChange={(e) => update({ tag: e.currentTarget.value || null })}
          flex="0 1 160px"
        />
        <Select
          label="Sort"
          data={SORT_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
          value={`${controls.sort}:${controls.order}`}
          onChange={(v) => update(parseSortChoice(v))}
          allowDeselect={false}
          flex="0 1 200px"
        />
        <Switch
          label="Show archived"
          checked={controls.showArchived}
          onChange={(e) => update({ showArchived: e.currentTarget.checked })}
          mb={8}
        />
        <Button
          component="a"
          href={tenantCsvHref(filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          ml="auto"
        >
          Download CSV
        </Button>
      </Group>

      <PagedList query={list} count={tenants.length} noun="client tenants" skeletons={6}>
        <TableOrCards
          label="Client tenants"
          items={tenants}
          minWidth={860}
          head={
            <>
              <Table.Th>Name</Table.Th>
              <Table.Th>Industry</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Latest score</Table.Th>
              <Table.Th>Assessments</Table.Th>
              <Table.Th>Remediation</Table.Th>
              <Table.Th>Updated</Table.Th>
            </>
          }
          row={(t) => (
            <>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <NameText name={t.name} to={tenantHref(t)} fw={500} size="sm" />
                  {t.archivedAt ? <ArchivedBadge /> : null}
                </Group>
              </Table.Td>
              <Table.Td>{t.industry ? <NameText name={t.industry} size="sm" /> : '—'}</Table.Td>
              <Table.Td>
                <TenantTags tags={t.tags} />
              </Table.Td>
              <Table.Td>
                <LatestScore tenant={t} />
              </Table.Td>
              <Table.Td>
                <OpenAssessments tenant={t} />
              </Table.Td>
              <Table.Td>
                <OpenTasks tenant={t} />
              </Table.Td>
              <Table.Td>
                <time dateTime={t.updatedAt}>{formatDate(t.updatedAt)}</time>
              </Table.Td>
            </>
          )}
          card={(t) => (
            <>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <NameText name={t.name} to={tenantHref(t)} fw={500} />
                {t.archivedAt ? <ArchivedBadge /> : null}
              </Group>
              <Text size="sm" c="dimmed" style={NAME_WRAP}>
                {t.industry ?? 'No industry'} · updated{' '}
                <time dateTime={t.updatedAt}>{formatDate(t.updatedAt)}</time>
              </Text>
              <Group gap="md">
                <LatestScore tenant={t} />
                <OpenAssessments tenant={t} />
                <OpenTasks tenant={t} />
              </Group>
              <TenantTags tags={t.tags} />
            </>
          )}
        />
      </PagedList>
    </Stack>
  );
}

/** The latest completed assessment's score and gap questions, or that there is none yet. */
function LatestScore({ tenant }: { tenant: TenantSummary }) {
  const latest = tenant.latest;
  if (!latest) {
    return (
      <Text size="sm" c="dimmed">
        Not assessed yet
      </Text>
    );
  }
  return (
    <Text size="sm" title={`Completed ${formatDate(latest.completedAt)}`}>
      <strong>{formatScore(latest.score)}</strong>
      {latest.gaps > 0 ? (
        <Text component="span" size="sm" c="dimmed">
          {' '}
          · {latest.gaps} {latest.gaps === 1 ? 'gap' : 'gaps'}
        </Text>
      ) : null}
    </Text>
  );
}

/** How many assessments are open (draft, in progress or reopened). */
function OpenAssessments({ tenant }: { tenant: TenantSummary }) {
  const n = tenant.openAssessments;
  return (
    <Text size="sm" c={n > 0 ? undefined : 'dimmed'}>
      {n === 0 ? 'None open' : `${n} open`}
    </Text>
  );
}

/** Open remediation tasks (linked to the tenant's open tasks), marked when some are overdue. */
function OpenTasks({ tenant }: { tenant: TenantSummary }) {
  const { text, overdue } = openTasksView(tenant);
  if (tenant.openTasks === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component={Link}
        to={`/tenant/${encodeURIComponent(tenant.id)}/remediation?status=open`}
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        {text}
      </Anchor>
      {overdue ? (
        <Badge color="red" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
          Overdue
        </Badge>
      ) : null}
    </Group>
  );
}
