import { formatScore, type TenantSummary } from '@tenantry/shared';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatCalendarDay, formatDate } from '#web/lib/format.ts';
import { openAssessmentsView, openTasksView } from '../lib/open-tasks.ts';
import { t as tr } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

export interface TenantTableProps {
  tenants: readonly TenantSummary[];
  /** A tenant's page. */
  hrefFor: (t: TenantSummary) => string;
  /** A tenant's open remediation tasks. */
  tasksHrefFor: (t: TenantSummary) => string;
}

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
      {tr('table.archived')}
    </Badge>
  );
}

/**
 * Client tenants as the tenant list shows them (a table; cards on a phone): name, industry,
 * tags, latest score, open assessments and tasks, last update. The links are the caller's: the
 * account's own screens, or the service console's read-only drill-down.
 */
export function TenantTable({ tenants, hrefFor, tasksHrefFor }: TenantTableProps) {
  return (
    <TableOrCards
      label={tr('table.label')}
      items={tenants}
      minWidth={860}
      head={
        <>
          <Table.Th>{tr('table.name')}</Table.Th>
          <Table.Th>{tr('table.industry')}</Table.Th>
          <Table.Th>{tr('table.tags')}</Table.Th>
          <Table.Th>{tr('table.latestScore')}</Table.Th>
          <Table.Th>{tr('table.assessments')}</Table.Th>
          <Table.Th>{tr('table.remediation')}</Table.Th>
          <Table.Th>{tr('table.updated')}</Table.Th>
        </>
      }
      row={(t) => (
        <>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <NameText name={t.name} to={hrefFor(t)} fw={500} size="sm" />
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
            <OpenTasks tenant={t} href={tasksHrefFor(t)} />
          </Table.Td>
          <Table.Td>
            <time dateTime={t.updatedAt}>{formatDate(t.updatedAt)}</time>
          </Table.Td>
        </>
      )}
      card={(t) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <NameText name={t.name} to={hrefFor(t)} fw={500} />
            {t.archivedAt ? <ArchivedBadge /> : null}
          </Group>
          <Text size="sm" c="dimmed" style={NAME_WRAP}>
            {rich(
              tr,
              'card.industryUpdated',
              { industry: t.industry ?? tr('card.noIndustry') },
              { date: <time dateTime={t.updatedAt}>{formatDate(t.updatedAt)}</time> },
            )}
          </Text>
          <Group gap="md">
            <LatestScore tenant={t} />
            <OpenAssessments tenant={t} />
            <OpenTasks tenant={t} href={tasksHrefFor(t)} />
          </Group>
          <TenantTags tags={t.tags} />
        </>
      )}
    />
  );
}

/** The latest completed assessment's score and gap questions, or that there is none yet. */
function LatestScore({ tenant }: { tenant: TenantSummary }) {
  const latest = tenant.latest;
  if (!latest) {
    return (
      <Text size="sm" c="dimmed">
        {tr('score.none')}
      </Text>
    );
  }
  return (
    <Text size="sm" title={tr('score.completed', { date: formatDate(latest.completedAt) })}>
      <strong>{formatScore(latest.score)}</strong>
      {latest.gaps > 0 ? (
        <Text component="span" size="sm" c="dimmed">
          {' '}
          · {tr('score.gaps', { gaps: latest.gaps })}
        </Text>
      ) : null}
    </Text>
  );
}

/**
 * How many assessments are open (draft, in progress or reopened), the nearest due date among
 * them, marked when it has passed.
 */
function OpenAssessments({ tenant }: { tenant: TenantSummary }) {
  const { text, due, overdue } = openAssessmentsView(tenant);
  return (
    <Group gap={6} wrap="nowrap">
      <Text
        size="sm"
        c={tenant.openAssessments > 0 ? undefined : 'dimmed'}
        style={{ whiteSpace: 'nowrap' }}
      >
        {text}
        {due ? (
          <Text component="span" size="sm" c={overdue ? 'red' : 'dimmed'}>
            {' '}
            ·{' '}
            {rich(
              tr,
              'assessments.due',
              {},
              { date: <time dateTime={due}>{formatCalendarDay(due)}</time> },
            )}
          </Text>
        ) : null}
      </Text>
      {overdue ? (
        <Badge color="red" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
          {tr('assessments.overdue')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** Open remediation tasks (linked to the tenant's open tasks), marked when some are overdue. */
function OpenTasks({ tenant, href }: { tenant: TenantSummary; href: string }) {
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
      <Anchor component={Link} to={href} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Anchor>
      {overdue ? (
        <Badge color="red" variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
          {tr('tasks.overdue')}
        </Badge>
      ) : null}
    </Group>
  );
}
