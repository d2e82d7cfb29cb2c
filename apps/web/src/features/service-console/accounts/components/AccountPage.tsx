import {
  PLAN_LIMIT_LABELS,
  PLAN_LIMIT_KEYS,
  SERVICE_ACCOUNT_LIMITS,
  SUBSCRIPTION_STATUS_LABELS,
  SUPPORT_STATUS_LABELS,
  type ServiceAccountDetail,
} from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { describeAuditEntry } from '#web/features/audit/lib/audit-labels.ts';
import { ROLE_LABELS } from '#web/features/members/lib/member-rules.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { AccountLifecycleCard } from '../../components/AccountLifecycleCard.tsx';
import { CompPlanModal } from '../../components/CompPlanModal.tsx';
import { ExtendTrialModal } from '../../components/ExtendTrialModal.tsx';
import { STATUS_COLORS, planLabel } from '../../lib/subscriptions-view.ts';
import { accountKeys } from '../api/account-keys.ts';
import {
  useAddStaffNote,
  useDeleteStaffNote,
  useRestoreAccount,
  useServiceAccount,
  useSuspendAccount,
  useTransferOwnership,
} from '../api/service-account.ts';

type Account = ServiceAccountDetail;

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function MembersCard({ a }: { a: Account }) {
  return (
    <Section id="account-members" title={`Members (${a.members.length})`}>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Members" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.members.map((m) => (
              <Table.Tr key={m.userId}>
                <Table.Td>
                  <NameText name={m.name} size="sm" />
                </Table.Td>
                <Table.Td>
                  <NameText name={m.email} size="sm" />
                </Table.Td>
                <Table.Td>{ROLE_LABELS[m.role]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function TenantsCard({ a }: { a: Account }) {
  const all = `/service/tenants/${a.id}`;
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
      <Text size="sm">
        {a.tenants.active} active, {a.tenants.archived} archived.
      </Text>
      {a.tenants.items.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No client tenants yet.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Newest client tenants">
          {a.tenants.items.map((t) => (
            <Group key={t.id} gap="xs" wrap="nowrap" role="listitem" justify="space-between">
              <NameText name={t.name} to={`${all}/${t.id}`} size="sm" lines={1} />
              {t.archived ? (
                <Badge color="gray" variant="light" size="sm">
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

function PlanCard({ a }: { a: Account }) {
  const qc = useQueryClient();
  const [action, setAction] = useState<'trial' | 'comp' | null>(null);
  const s = a.subscription;
  const close = () => {
    setAction(null);
    void qc.invalidateQueries({ queryKey: accountKeys.detail(a.id) });
  };
  return (
    <Section id="account-plan" title="Plan & usage">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{planLabel(s)}</Text>
        <Badge color={STATUS_COLORS[s.status]} variant="light" size="sm">
          {SUBSCRIPTION_STATUS_LABELS[s.status]}
        </Badge>
        {s.comped ? (
          <Badge color="grape" variant="light" size="sm">
            Comped
          </Badge>
        ) : null}
        {s.readOnly ? (
          <Badge color="red" variant="outline" size="sm">
            Read-only
          </Badge>
        ) : null}
      </Group>
      {s.trialEndsAt ? <Text size="sm">Trial ends on {formatDate(s.trialEndsAt)}.</Text> : null}
      <Stack gap={2} role="list" aria-label="Usage against limits">
        {PLAN_LIMIT_KEYS.filter((k) => k in a.usage.usage).map((k) => {
          const used = a.usage.usage[k as keyof typeof a.usage.usage];
          const limit = a.usage.limits[k];
          const full = (a.usage.atLimit as readonly string[]).includes(k);
          return (
            <Text key={k} size="sm" role="listitem" c={full ? 'red' : undefined}>
              {PLAN_LIMIT_LABELS[k]}: {used} of {limit ?? 'unlimited'}
              {full ? ' (at the limit)' : ''}
            </Text>
          );
        })}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setAction('trial')}>
          Extend trial…
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction('comp')}>
          Comp a plan…
        </Button>
      </Group>
      <ExtendTrialModal row={action === 'trial' ? s : null} onClose={close} />
      <CompPlanModal row={action === 'comp' ? s : null} onClose={close} />
    </Section>
  );
}

function ActivityCard({ a }: { a: Account }) {
  return (
    <Section
      id="account-activity"
      title="Activity & audit"
      action={
        <Anchor component={Link} to={`/service/audit?account=${a.id}`} size="sm">
          Its whole audit log
        </Anchor>
      }
    >
      <Text size="sm">
        Last active:{' '}
        {a.lastActiveAt ? (
          <time dateTime={a.lastActiveAt}>{formatDateTime(a.lastActiveAt)}</time>
        ) : (
          'never'
        )}
      </Text>
      {a.recentAudit.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No audit entries yet.
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label="Newest audit entries">
          {a.recentAudit.map((e) => (
            <div key={e.id} role="listitem">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {describeAuditEntry(e)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                {e.actorEmail ? ` · ${e.actorEmail}` : ''}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function TicketsCard({ a }: { a: Account }) {
  return (
    <Section id="account-tickets" title={`Support tickets (${a.tickets.total})`}>
      {a.tickets.items.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No support tickets.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Newest support tickets">
          {a.tickets.items.map((t) => (
            <Group key={t.id} gap="xs" wrap="nowrap" role="listitem" justify="space-between">
              <NameText
                name={`#${t.number} ${t.subject}`}
                to={`/service/support/${t.id}`}
                size="sm"
                lines={1}
              />
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                {SUPPORT_STATUS_LABELS[t.status]}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function NotesCard({ a }: { a: Account }) {
  const [body, setBody] = useState('');
  const add = useAddStaffNote(a.id);
  const remove = useDeleteStaffNote(a.id);
  const trimmed = body.trim();
  return (
    <Section id="account-notes" title="Staff notes">
      <Text size="xs" c="dimmed">
        Internal: only system admins see them, never the account.
      </Text>
      <form
        noValidate
        aria-label="Add a staff note"
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          add.mutate(trimmed, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="New note"
            autosize
            minRows={2}
            maxLength={SERVICE_ACCOUNT_LIMITS.note}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          {add.isError ? <ErrorAlert error={add.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending} disabled={!trimmed}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
      {remove.isError ? <ErrorAlert error={remove.error} /> : null}
      {a.notes.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label="Staff notes">
          {a.notes.map((n) => (
            <div key={n.id} role="listitem">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.body}
              </Text>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                  {n.author ? ` · ${n.author.email}` : ''}
                </Text>
                {n.mine ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === n.id}
                    onClick={() => remove.mutate(n.id)}
                  >
                    Delete
                  </Button>
                ) : null}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function SuspendModal({
  a,
  opened,
  onClose,
}: {
  a: Account;
  opened: boolean;
  onClose: () => void;
}) {
  const suspend = useSuspendAccount(a.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Suspend the account" centered>
      <form
        noValidate
        aria-label="Suspend the account"
        onSubmit={(e) => {
          e.preventDefault();
          const r = reason.trim();
          if (!r) {
            setError('Say why.');
            return;
          }
          suspend.mutate(r, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `${a.name} is suspended.` });
              setReason('');
              onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Its people can still sign in and read everything, but nothing can be changed until it is
            restored. They are shown the reason.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            data-autofocus
            autosize
            minRows={2}
            maxLength={SERVICE_ACCOUNT_LIMITS.reason}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          {suspend.isError ? <ErrorAlert error={suspend.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={suspend.isPending}>
              Suspend account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SuspensionCard({ a }: { a: Account }) {
  const [open, setOpen] = useState(false);
  const restore = useRestoreAccount(a.id);
  return (
    <Section id="account-suspension" title="Suspension">
      {a.suspension ? (
        <Alert color="red" variant="light" title="Suspended" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Since {formatDateTime(a.suspension.since)}. Reason: {a.suspension.reason}
            </Text>
            {a.deletionScheduled ? (
              <Text size="sm">
                Its deletion is scheduled: cancel the deletion (under “Export and deletion”) to give
                it back.
              </Text>
            ) : null}
            {restore.isError ? <ErrorAlert error={restore.error} /> : null}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              disabled={a.deletionScheduled}
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: `${a.name} is restored.` }),
                })
              }
            >
              Restore account
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Not suspended: its people can read and write.</Text>
          <Button
            size="xs"
            color="red"
            variant="outline"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            Suspend…
          </Button>
        </Stack>
      )}
      <SuspendModal a={a} opened={open} onClose={() => setOpen(false)} />
    </Section>
  );
}

function TransferCard({ a }: { a: Account }) {
  const transfer = useTransferOwnership(a.id);
  const [userId, setUserId] = useState<string | null>(null);
  const candidates = a.members.filter((m) => m.role !== 'owner');
  const owners = a.members.filter((m) => m.role === 'owner');
  return (
    <Section id="account-transfer" title="Transfer ownership">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Owner{owners.length === 1 ? '' : 's'}: {owners.map((o) => o.email).join(', ') || '—'}. The
        member chosen becomes the only owner; the owners now become admins.
      </Text>
      {candidates.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          No other member to make the owner.
        </Text>
      ) : (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="New owner"
            placeholder="Choose a member"
            data={candidates.map((m) => ({ value: m.userId, label: m.email }))}
            value={userId}
            onChange={setUserId}
            flex="1 1 200px"
          />
          <Button
            size="sm"
            disabled={!userId}
            loading={transfer.isPending}
            onClick={() =>
              userId &&
              transfer.mutate(userId, {
                onSuccess: () => {
                  setUserId(null);
                  notifications.show({ color: 'teal', message: 'The ownership was transferred.' });
                },
              })
            }
          >
            Transfer
          </Button>
        </Group>
      )}
      {transfer.isError ? <ErrorAlert error={transfer.error} /> : null}
    </Section>
  );
}

/**
 * service/accounts/{id}: one account for system admins — its members, client tenants, plan and
 * usage, activity and audit, support tickets, staff notes, and what staff may do to it
 * (suspend/restore, transfer ownership, extend trial, comp, export and delete).
 * `supportAccess` is where the "View as a member (support access)" action goes (its own
 * feature adds it).
 */
export function AccountPage({ id, supportAccess }: { id: string; supportAccess?: ReactNode }) {
  const account = useServiceAccount(id);
  const back = (
    <Anchor component={Link} to="/service/accounts" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        All accounts
      </Group>
    </Anchor>
  );
  if (account.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the account">
        {back}
        <Skeleton height={32} width="40%" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={160} />
          <Skeleton height={160} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (account.isError) {
    return (
      <Stack gap="md">
        {back}
        <ErrorAlert title="The account could not be loaded" error={account.error}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{account.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void account.refetch()}>
              Try again
            </Button>
          </Stack>
        </ErrorAlert>
      </Stack>
    );
  }
  const a = account.data;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Title>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.id} · created {formatDate(a.createdAt)}
            {a.supportAccessUntil
              ? ` · support access granted until ${formatDateTime(a.supportAccessUntil)}`
              : ''}
          </Text>
        </div>
        <Group gap="xs">
          {a.suspension ? (
            <Badge color="red" variant="filled">
              Suspended
            </Badge>
          ) : null}
          {/* Support access: the "View as a member (support access)" button goes here. */}
          {supportAccess}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MembersCard a={a} />
        <TenantsCard a={a} />
        <PlanCard a={a} />
        <ActivityCard a={a} />
        <TicketsCard a={a} />
        <NotesCard a={a} />
        <SuspensionCard a={a} />
        <TransferCard a={a} />
      </SimpleGrid>
      <AccountLifecycleCard accountId={a.id} />
    </Stack>
  );
}
