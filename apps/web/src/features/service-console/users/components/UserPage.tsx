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
  ROLE_LABELS,
  SECOND_FACTORS,
  SIGN_IN_METHODS,
  SIGN_IN_REASONS,
  secondFactorSummary,
} from '../lib/users-view.ts';
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
    <Section title="Sessions">
      {user.sessions.length === 0 ? (
        <Empty>Not signed in anywhere.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Sessions" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Last active</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Browser</Table.Th>
                <Table.Th>Kind</Table.Th>
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
                      ? `Support session by ${s.impersonatedByEmail ?? s.impersonatedBy}`
                      : s.sharedTenantId
                        ? 'Shared sign-in'
                        : 'Member'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setEnding(s.id)}
                    >
                      End
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
        title="End this session?"
        confirmLabel="End session"
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() =>
          ending &&
          run.mutate(
            { kind: 'endSession', sessionId: ending },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: 'Session ended.' });
                close();
              },
            },
          )
        }
        onClose={close}
      >
        <Text size="sm">That browser is signed out on its next request.</Text>
      </ConfirmModal>
    </Section>
  );
}

function Memberships({ user }: { user: ServiceUserDetail }) {
  return (
    <Section title="Accounts and roles">
      {user.memberships.length === 0 ? (
        <Empty>Member of no account.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Accounts and roles" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
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
                        Suspended
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
    <Section title="Shared with them">
      {user.shares.length === 0 ? (
        <Empty>No client tenant is shared with this address.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Shares" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client tenant</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last used</Table.Th>
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
    <Section title="Sign-in history">
      {user.signIns.length === 0 ? (
        <Empty>No sign-in recorded.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Sign-in history" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Browser</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.signIns.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{when(e.createdAt)}</Table.Td>
                  <Table.Td>
                    {e.succeeded ? (
                      <Text size="sm" c="teal">
                        Signed in
                      </Text>
                    ) : (
                      <Text size="sm" c="red">
                        Refused: {SIGN_IN_REASONS[e.reason ?? ''] ?? e.reason ?? 'unknown'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {SIGN_IN_METHODS[e.method ?? ''] ?? e.method ?? '—'}
                    {e.secondFactor
                      ? ` and ${SECOND_FACTORS[e.secondFactor] ?? e.secondFactor}`
                      : null}
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
      <Stack gap="md" aria-label="Loading the user" aria-busy>
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={query.error} title="The user could not be loaded" />
        <Group gap="xs">
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
          <Anchor component={Link} to="/service/users">
            All users
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const user = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/service/users" size="sm">
        ← All users
      </Anchor>
      <Section title={user.email}>
        <Stack gap="sm">
          <UserBadges user={user} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label="Name">{user.name || '—'}</Fact>
            <Fact label="User id">{user.id}</Fact>
            <Fact label="Signed up">{when(user.createdAt)}</Fact>
            <Fact label="E-mail">{user.emailVerified ? 'Verified' : 'Not verified'}</Fact>
            <Fact label="Second factor">{secondFactorSummary(user.secondFactor)}</Fact>
            <Fact label="System roles">
              {[
                user.systemAdmin && ROLE_LABELS.admin,
                user.systemDeveloper && ROLE_LABELS.developer,
              ]
                .filter(Boolean)
                .join(', ') || 'None'}
            </Fact>
            <Fact label="Status">
              {user.disabled ? `Disabled: ${user.disabledReason ?? 'no reason given'}` : 'Enabled'}
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
