import { PLANS, type ServiceAccountDetail } from '@tenantry/shared';
import { supportStatusLabel, subscriptionStatusLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { CompPlanModal } from '../../components/CompPlanModal.tsx';
import { ExtendTrialModal } from '../../components/ExtendTrialModal.tsx';
import { STATUS_COLORS, planLabel } from '../../lib/subscriptions-view.ts';
import { rich } from '#web/i18n/rich.tsx';
import { t } from '../../messages.ts';
import { Section, type DescribeEntry } from './AccountSection.tsx';

/** The account page's read-only cards (and the plan's two actions). */
type Detail = ServiceAccountDetail;

const ROLE_KEYS = {
  owner: 'account.members.role.owner',
  admin: 'account.members.role.admin',
  member: 'account.members.role.member',
} as const;

export function MembersCard({ d }: { d: Detail }) {
  return (
    <Section id="account-members" title={t('account.members.title', { count: d.members.length })}>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={t('account.members.table')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.members.column.name')}</Table.Th>
              <Table.Th>{t('account.members.column.email')}</Table.Th>
              <Table.Th>{t('account.members.column.role')}</Table.Th>
              <Table.Th>{t('account.members.column.joined')}</Table.Th>
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
                <Table.Td>{t(ROLE_KEYS[m.role])}</Table.Td>
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
      title={t('account.tenants.title')}
      action={
        <Anchor component={Link} to={all} size="sm">
          {t('account.tenants.all')}
        </Anchor>
      }
    >
      <Text size="sm" c="dimmed">
        {t('account.tenants.counts', {
          active: d.tenants.active,
          archived: d.tenants.archived,
        })}
      </Text>
      {d.tenants.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('account.tenants.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.tenants.items.map((tenant) => (
            <Group key={tenant.id} component="li" gap="xs" wrap="nowrap">
              <NameText
                name={tenant.name}
                to={`${all}/${encodeURIComponent(tenant.id)}`}
                size="sm"
              />
              {tenant.archived ? (
                <Badge size="xs" color="gray" variant="light">
                  {t('account.tenants.archived')}
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
  { key: 'seats', labelKey: 'account.usage.seats' },
  { key: 'tenants', labelKey: 'account.usage.tenants' },
  { key: 'activeAssessments', labelKey: 'account.usage.activeAssessments' },
] as const;

export function PlanUsageCard({ d }: { d: Detail }) {
  const [dialog, setDialog] = useState<'trial' | 'comp' | null>(null);
  const s = d.subscription;
  return (
    <Section id="account-plan" title={t('account.plan.title')}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{planLabel(s)}</Text>
        <Badge color={STATUS_COLORS[s.status]} variant="light" size="sm">
          {subscriptionStatusLabel(s.status)}
        </Badge>
        {s.comped ? (
          <Badge color="grape" variant="light" size="sm">
            {t('account.plan.comped', { plan: PLANS[s.subscribedPlan].name })}
          </Badge>
        ) : null}
        {s.readOnly ? (
          <Badge color="red" variant="outline" size="sm">
            {t('account.plan.readOnly')}
          </Badge>
        ) : null}
      </Group>
      {s.trialEndsAt ? (
        <Text size="sm">{t('account.plan.trialEnds', { date: formatDate(s.trialEndsAt) })}</Text>
      ) : null}
      {s.graceEndsAt ? (
        <Text size="sm">{t('account.plan.graceEnds', { date: formatDate(s.graceEndsAt) })}</Text>
      ) : null}
      <Stack gap={6}>
        {USAGE.map(({ key, labelKey }) => {
          const label = t(labelKey);
          const used = d.usage.usage[key];
          const limit = d.usage.limits[key];
          return (
            <div key={key}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{label}</Text>
                <Text size="sm" c={d.usage.atLimit.includes(key) ? 'red' : undefined}>
                  {limit === null
                    ? t('account.usage.ofUnlimited', { used })
                    : t('account.usage.of', { used, limit })}
                </Text>
              </Group>
              {limit !== null ? (
                <Progress
                  value={Math.min(100, (used / Math.max(limit, 1)) * 100)}
                  color={d.usage.atLimit.includes(key) ? 'red' : 'blue'}
                  size="sm"
                  aria-label={t('account.usage.label', { label, used, limit })}
                />
              ) : null}
            </div>
          );
        })}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setDialog('trial')}>
          {t('account.plan.extendTrial')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setDialog('comp')}>
          {t('account.plan.comp')}
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
      title={t('account.activity.title')}
      action={
        <Anchor
          component={Link}
          to={`/service/audit?account=${encodeURIComponent(d.id)}`}
          size="sm"
        >
          {t('account.activity.fullLog')}
        </Anchor>
      }
    >
      <Text size="sm">
        {d.lastActiveAt
          ? rich(
              t,
              'account.activity.lastActive',
              {},
              { when: <time dateTime={d.lastActiveAt}>{formatDateTime(d.lastActiveAt)}</time> },
            )
          : t('account.activity.neverActive')}
      </Text>
      {d.recentAudit.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('account.activity.none')}
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
    <Section id="account-tickets" title={t('account.tickets.title', { count: d.tickets.total })}>
      {d.tickets.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('account.tickets.none')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {d.tickets.items.map((ticket) => (
            <Group key={ticket.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <NameText
                name={`#${ticket.number} ${ticket.subject}`}
                to={`/service/support/${encodeURIComponent(ticket.id)}`}
                size="sm"
                lines={1}
              />
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {supportStatusLabel(ticket.status)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
