import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CurrentUser, type ServiceUserDetail } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useServiceUser, useUserAction } from '../api/users-api.ts';
import {
  roleLabel,
  secondFactorSummary,
  secondFactorWords,
  signInMethod,
  signInReason,
} from '../lib/users-view.ts';
import { t } from '../../messages.ts';
import { Section } from './Section.tsx';
import { UserActions } from './UserActions.tsx';
import { UserBadges } from './UsersPanel.tsx';

const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : '—';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function Sessions({ user }: { user: ServiceUserDetail }) {
  const run = useUserAction(user.id);
  const [ending, setEnding] = useState<string | null>(null);
  const close = () => {
    setEnding(null);
    run.reset();
  };
  return (
    <Section title={t('users.sessions.title')}>
      {user.sessions.length === 0 ? (
        <Empty>{t('users.sessions.none')}</Empty>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={t('users.sessions.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.sessions.column.lastActive')}</Table.Th>
                <Table.Th>{t('users.sessions.column.signedIn')}</Table.Th>
                <Table.Th>{t('users.sessions.column.address')}</Table.Th>
                <Table.Th>{t('users.sessions.column.browser')}</Table.Th>
                <Table.Th>{t('users.sessions.column.kind')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{when(s.lastActiveAt)}</Table.Td>
                  <Table.Td>{when(s.createdAt)}</Table.Td>
                  <Table.Td>{s.ipAddress ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} title={s.userAgent ?? undefined}>
                      {s.userAgent ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.impersonatedBy
                      ? t('users.sessions.kind.support', {
                          by: s.impersonatedByEmail ?? s.impersonatedBy,
                        })
                      : s.sharedTenantId
                        ? t('users.sessions.kind.shared')
                        : t('users.sessions.kind.member')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setEnding(s.id)}
                    >
                      {t('users.sessions.end')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={ending !== null}
        title={t('users.sessions.end.title')}
        confirmLabel={t('users.sessions.end.confirm')}
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() =>
          ending &&
          run.mutate(
            { kind: 'endSession', sessionId: ending },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('users.sessions.end.done') });
                close();
              },
            },
          )
        }
        onClose={close}
      >
        <Text size="sm">{t('users.sessions.end.body')}</Text>
      </ConfirmModal>
    </Section>
  );
}

function Memberships({ user }: { user: ServiceUserDetail }) {
  return (
    <Section title={t('users.memberships.title')}>
      {user.memberships.length === 0 ? (
        <Empty>{t('users.memberships.none')}</Empty>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('users.memberships.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.memberships.column.account')}</Table.Th>
                <Table.Th>{t('users.memberships.column.role')}</Table.Th>
                <Table.Th>{t('users.memberships.column.joined')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.memberships.map((m) => (
                <Table.Tr key={m.accountId}>
                  <Table.Td>
                    <NameText
                      name={m.accountName}
                      to={`/service/accounts/${encodeURIComponent(m.accountId)}`}
                      size="sm"
                    />
                    {m.accountSuspended ? (
                      <Text size="xs" c="red">
                        {t('users.memberships.suspended')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{m.role}</Table.Td>
                  <Table.Td>{when(m.joinedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Shares({ user }: { user: ServiceUserDetail }) {
  return (
    <Section title={t('users.shares.title')}>
      {user.shares.length === 0 ? (
        <Empty>{t('users.shares.none')}</Empty>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('users.shares.table')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.shares.column.tenant')}</Table.Th>
                <Table.Th>{t('users.shares.column.account')}</Table.Th>
                <Table.Th>{t('users.shares.column.role')}</Table.Th>
                <Table.Th>{t('users.shares.column.lastUsed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.shares.map((s) => (
                <Table.Tr key={s.grantId}>
                  <Table.Td>
                    <NameText name={s.tenantName} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <NameText
                      name={s.accountName}
                      to={`/service/accounts/${encodeURIComponent(s.accountId)}`}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td>{s.role}</Table.Td>
                  <Table.Td>{when(s.lastUsedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function SignIns({ user }: { user: ServiceUserDetail }) {
  return (
    <Section title={t('users.signIns.title')}>
      {user.signIns.length === 0 ? (
        <Empty>{t('users.signIns.none')}</Empty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('users.signIns.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.signIns.column.when')}</Table.Th>
                <Table.Th>{t('users.signIns.column.result')}</Table.Th>
                <Table.Th>{t('users.signIns.column.how')}</Table.Th>
                <Table.Th>{t('users.signIns.column.address')}</Table.Th>
                <Table.Th>{t('users.signIns.column.browser')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.signIns.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{when(e.createdAt)}</Table.Td>
                  <Table.Td>
                    {e.succeeded ? (
                      <Text size="sm" c="teal">
                        {t('users.signIns.succeeded')}
                      </Text>
                    ) : (
                      <Text size="sm" c="red">
                        {t('users.signIns.refused', {
                          reason:
                            signInReason(e.reason) ?? e.reason ?? t('users.signIns.reason.unknown'),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {e.secondFactor
                      ? t('users.signIns.withSecondFactor', {
                          method: signInMethod(e.method) ?? e.method ?? '—',
                          secondFactor: secondFactorWords(e.secondFactor) ?? e.secondFactor,
                        })
                      : (signInMethod(e.method) ?? e.method ?? '—')}
                  </Table.Td>
                  <Table.Td>{e.ipAddress ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={e.userAgent ?? undefined}>
                      {e.userAgent ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** service/users/{id}: one user, for system admins, with what may be done to them. */
export function UserPage({ id }: { id: string }) {
  const query = useServiceUser(id);
  // The signed-in user, as the app loaded it (always before the service screen).
  const me = useQueryClient().getQueryData<CurrentUser | null>(ME_QUERY_KEY);
  if (query.isPending) {
    return (
      <Stack gap="md" aria-label={t('users.user.loading')} aria-busy>
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={query.error} title={t('users.user.loadFailed')} />
        <Group gap="xs">
          <Button variant="default" onClick={() => void query.refetch()}>
            {t('users.user.retry')}
          </Button>
          <Anchor component={Link} to="/service/users">
            {t('users.user.all')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const user = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/service/users" size="sm">
        {t('users.user.back')}
      </Anchor>
      <Section title={user.email}>
        <Stack gap="sm">
          <UserBadges user={user} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label={t('users.user.name')}>{user.name || '—'}</Fact>
            <Fact label={t('users.user.id')}>{user.id}</Fact>
            <Fact label={t('users.user.signedUp')}>{when(user.createdAt)}</Fact>
            <Fact label={t('users.user.email')}>
              {user.emailVerified
                ? t('users.user.email.verified')
                : t('users.user.email.notVerified')}
            </Fact>
            <Fact label={t('users.user.secondFactor')}>
              {secondFactorSummary(user.secondFactor)}
            </Fact>
            <Fact label={t('users.user.roles')}>
              {[
                user.systemAdmin && roleLabel('admin'),
                user.systemDeveloper && roleLabel('developer'),
              ]
                .filter(Boolean)
                .join(', ') || t('users.user.roles.none')}
            </Fact>
            <Fact label={t('users.user.status')}>
              {user.disabled
                ? t('users.user.status.disabled', {
                    reason: user.disabledReason ?? t('users.user.status.noReason'),
                  })
                : t('users.user.status.enabled')}
            </Fact>
          </SimpleGrid>
        </Stack>
      </Section>
      <UserActions user={user} self={me?.uid === user.id} />
      <Memberships user={user} />
      <Shares user={user} />
      <Sessions user={user} />
      <SignIns user={user} />
    </Stack>
  );
}
