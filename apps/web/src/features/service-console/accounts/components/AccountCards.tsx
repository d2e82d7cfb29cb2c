import {
  PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  SUPPORT_STATUS_LABELS,
  type ServiceAccountDetail,
} from '@tenantry/shared';
import { Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { CompPlanModal } from '../../components/CompPlanModal.tsx';
import { ExtendTrialModal } from '../../components/ExtendTrialModal.tsx';
import { STATUS_COLORS, planLabel } from '../../lib/subscriptions-view.ts';
import { Section, type DescribeEntry } from './AccountSection.tsx';

/** The account page's read-only cards (and the plan's two actions). */
type Detail = ServiceAccountDetail;

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

export function MembersCard({ d }: { d: Detail }) {
  return (
    <Section id="account-members" title={`Members (${d.members.length})`}>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Members" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.members.map((m) => (
              <Table.Tr key={m.userId}>
                <Table.Td>
                  <NameText name={m.name || '—'} size="sm" />
                </Table.Td>
                <Table.Td>
                  <NameText name={m.email} size="sm" />
                </Table.Td>
                <Table.Td>{ROLE_LABELS[m.role]}</Table.Td>
                <Table.Td>{formatDate(m.joinedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

export function TenantsCard({ d }: { d: Detail }) {
  const all = `/service/tenants/${encodeURIComponent(d.id)}`;
  return (
    <Section
      id="account-tenants"
      title="Client tenants"
      action={
        <Anchor component={Link} to={all} size="sm">
          All client tenants
        </Anchor>
      }
    >
      <Text size="sm" c="dimmed">
        {d.tenants.active} active · {d.tenants.archived} archived
      </Text>
      {d.tenants.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No client tenants yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.tenants.items.map((t) => (
            <Group key={t.id} component="li" gap="xs" wrap="nowrap">
              <NameText name={t.name} to={`${all}/${encodeURIComponent(t.id)}`} size="sm" />
              {t.archived ? (
                <Badge size="xs" color="gray" variant="light">
                  Archived
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const USAGE = [
  { key: 'seats', label: 'Members' },
  { key: 'tenants', label: 'Client tenants' },
  { key: 'activeAssessments', label: 'Active assessments' },
] as const;

export function PlanUsageCard({ d }: { d: Detail }) {
  const [dialog, setDialog] = useState<'trial' | 'comp' | null>(null);
  const s = d.subscription;
  return (
    <Section id="account-plan" title="Plan & usage">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{planLabel(s)}</Text>
        <Badge color={STATUS_COLORS[s.status]} variant="light" size="sm">
          {SUBSCRIPTION_STATUS_LABELS[s.status]}
        </Badge>
        {s.comped ? (
          <Badge color="grape" variant="light" size="sm">
            Comped (underneath: {PLANS[s.subscribedPlan].name})
          </Badge>
        ) : null}
        {s.readOnly ? (
          <Badge color="red" variant="outline" size="sm">
            Read-only
          </Badge>
        ) : null}
      </Group>
      {s.trialEndsAt ? <Text size="sm">Trial ends {formatDate(s.trialEndsAt)}</Text> : null}
      {s.graceEndsAt ? <Text size="sm">Grace ends {formatDate(s.graceEndsAt)}</Text> : null}
      <Stack gap={6}>
        {USAGE.map(({ key, label }) => {
          const used = d.usage.usage[key];
          const limit = d.usage.limits[key];
          return (
            <div key={key}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{label}</Text>
                <Text size="sm" c={d.usage.atLimit.includes(key) ? 'red' : undefined}>
                  {used} of {limit === null ? 'unlimited' : limit}
                </Text>
              </Group>
              {limit !== null ? (
                <Progress
                  value={Math.min(100, (used / Math.max(limit, 1)) * 100)}
                  color={d.usage.atLimit.includes(key) ? 'red' : 'blue'}
                  size="sm"
                  aria-label={`${label}: ${used} of ${limit}`}
                />
              ) : null}
            </div>
          );
        })}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setDialog('trial')}>
          Extend trial…
        </Button>
        <Button size="xs" variant="default" onClick={() => setDialog('comp')}>
          Comp a plan…
        </Button>
      </Group>
      <ExtendTrialModal row={dialog === 'trial' ? s : null} onClose={() => setDialog(null)} />
      <CompPlanModal row={dialog === 'comp' ? s : null} onClose={() => setDialog(null)} />
    </Section>
  );
}

export function ActivityCard({ d, describe }: { d: Detail; describe: DescribeEntry }) {
  return (
    <Section
      id="account-activity"
      title="Activity & audit"
      action={
        <Anchor
          component={Link}
          to={`/service/audit?account=${encodeURIComponent(d.id)}`}
          size="sm"
        >
          Full audit log
        </Anchor>
      }
    >
      <Text size="sm">
        Last active:{' '}
        {d.lastActiveAt ? (
          <time dateTime={d.lastActiveAt}>{formatDateTime(d.lastActiveAt)}</time>
        ) : (
          'never'
        )}
      </Text>
      {d.recentAudit.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing in its audit log yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.recentAudit.map((e) => (
            <li key={e.id}>
              <Text size="xs" c="dimmed">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                {e.actorEmail ? ` · ${e.actorEmail}` : ''}
              </Text>
              <NameText name={describe(e)} size="sm" lines={2} component="div" />
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export function TicketsCard({ d }: { d: Detail }) {
  return (
    <Section id="account-tickets" title={`Support tickets (${d.tickets.total})`}>
      {d.tickets.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No support tickets.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.tickets.items.map((t) => (
            <Group key={t.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <NameText
                name={`#${t.number} ${t.subject}`}
                to={`/service/support/${encodeURIComponent(t.id)}`}
                size="sm"
                lines={1}
              />
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {SUPPORT_STATUS_LABELS[t.status]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
