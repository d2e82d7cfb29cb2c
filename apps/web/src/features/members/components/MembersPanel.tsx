import { can, type AccountRole, type Member } from '@tenantry/shared';
import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useLeaveAccount } from '../api/leave-account.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useResetSecondFactors } from '../api/reset-second-factors.ts';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { TenantAccessDialog } from './TenantAccessDialog.tsx';
import {
  ROLE_LABELS,
  canRemoveMember,
  canResetSecondFactors,
  isLastOwner,
  roleChoices,
} from '../lib/member-rules.ts';
import { accessSummary, canEditAccess } from '../lib/tenant-access-view.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NameText } from '#web/components/NameText.tsx';
import { formatDate } from '#web/lib/format.ts';

function MutationError({ error }: { error: Error | null }) {
  return error ? <ErrorAlert>{error.message}</ErrorAlert> : null;
}

function RoleCell({
  member,
  myRole,
  isSelf,
}: {
  member: Member;
  myRole: AccountRole;
  isSelf: boolean;
}) {
  const change = useChangeMemberRole();
  const choices = roleChoices(myRole, { role: member.role, isSelf });
  if (choices.length === 0) return <Badge variant="light">{ROLE_LABELS[member.role]}</Badge>;
  return (
    <Stack gap={4}>
      <Select
        aria-label={`Role of ${member.name || member.email}`}
        data={choices.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        value={member.role}
        allowDeselect={false}
        disabled={change.isPending}
        onChange={(value) => {
          if (value && value !== member.role) {
            change.mutate({ userId: member.userId, role: value as AccountRole });
          }
        }}
        w={140}
      />
      <MutationError error={change.error} />
    </Stack>
  );
}

/** An owner resets a member's lost second factors (docs/identity.md), after saying what it does. */
function ResetSecondFactorsModal({
  member,
  onClose,
}: {
  member: Member | null;
  onClose: () => void;
}) {
  const reset = useResetSecondFactors();
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <Modal opened={member !== null} onClose={close} title="Reset second factors" centered>
      <Stack>
        <Text size="sm">
          Lost their device? The authenticator app and passkeys of {member?.name || member?.email} (
          {member?.email}) are removed and they are signed out everywhere. They sign in with their
          password and set up a new second factor. They are e-mailed, and the audit log records it.
          Make sure it is really them who asks.
        </Text>
        <MutationError error={reset.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() => {
              if (!member) return;
              const who = member.email;
              reset.mutate(member.userId, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: `The second factors of ${who} were reset.`,
                  });
                  close();
                },
              });
            }}
          >
            Reset second factors
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The member's client-tenant access in a few words, and Edit for those who may change it. */
function AccessCell({
  member,
  myRole,
  myAccessLimited,
  onEdit,
}: {
  member: Member;
  myRole: AccountRole;
  myAccessLimited: boolean;
  onEdit: () => void;
}) {
  const name = member.name || member.email;
  if (!member.tenantAccess) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const summary = accessSummary(member.tenantAccess);
  return (
    <Group gap={4} wrap="wrap">
      <Text size="sm">{summary}</Text>
      {canEditAccess({ role: myRole, limited: myAccessLimited }, member) ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={onEdit}
          aria-label={`Edit the client-tenant access of ${name}`}
          style={{ flexShrink: 0 }}
        >
          Edit
        </Button>
      ) : null}
    </Group>
  );
}

function MembersTable({
  members,
  myRole,
  myUserId,
  myAccessLimited,
}: {
  members: Member[];
  myRole: AccountRole;
  myUserId: string;
  myAccessLimited: boolean;
}) {
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const edited = members.find((m) => m.userId === editing);
  return (
    <>
      <MutationError error={remove.error} />
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="sm" aria-label="Members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th visibleFrom="sm">Client tenants</Table.Th>
              <Table.Th visibleFrom="sm">Joined</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => {
              const isSelf = m.userId === myUserId;
              return (
                <Table.Tr key={m.userId}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <NameText name={m.name || m.email} size="sm" fw={500} />
                      {isSelf ? (
                        <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
                          you
                        </Badge>
                      ) : null}
                    </Group>
                    <NameText name={m.email} size="xs" c="dimmed" component="div" lines={1} />
                    <Badge
                      size="xs"
                      mt={4}
                      variant="light"
                      color={m.secondFactor ? 'teal' : 'gray'}
                      aria-label={m.secondFactor ? 'Has a second factor' : 'No second factor'}
                    >
                      {m.secondFactor ? 'Second factor' : 'No second factor'}
                    </Badge>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      Joined <time dateTime={m.joinedAt}>{formatDate(m.joinedAt)}</time>
                    </Text>
                    <Box hiddenFrom="sm" mt={4}>
                      <AccessCell
                        member={m}
                        myRole={myRole}
                        myAccessLimited={myAccessLimited}
                        onEdit={() => setEditing(m.userId)}
                      />
                    </Box>
                  </Table.Td>
                  <Table.Td>
                    <RoleCell member={m} myRole={myRole} isSelf={isSelf} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <AccessCell
                      member={m}
                      myRole={myRole}
                      myAccessLimited={myAccessLimited}
                      onEdit={() => setEditing(m.userId)}
                    />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <time dateTime={m.joinedAt}>{formatDate(m.joinedAt)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="wrap">
                      {canResetSecondFactors(myRole, { secondFactor: m.secondFactor, isSelf }) ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setResetting(m)}
                          aria-label={`Reset the second factors of ${m.name || m.email}`}
                        >
                          Reset second factors
                        </Button>
                      ) : null}
                      {canRemoveMember(myRole, { role: m.role, isSelf }) ? (
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          onClick={() => setConfirming(m)}
                          aria-label={`Remove ${m.name || m.email}`}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {edited?.tenantAccess ? (
        <TenantAccessDialog
          key={edited.userId}
          member={{ ...edited, tenantAccess: edited.tenantAccess }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Remove member"
        centered
      >
        <Stack>
          <Text size="sm">
            Remove {confirming?.name || confirming?.email} ({confirming?.email}) from this account?
            They lose access at once.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!confirming) return;
                remove.mutate(confirming.userId, { onSettled: () => setConfirming(null) });
              }}
            >
              Remove member
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ResetSecondFactorsModal member={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

function LeaveAccount({ myRole, members }: { myRole: AccountRole; members: Member[] }) {
  const leave = useLeaveAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const last = isLastOwner(myRole, members);
  return (
    <Stack gap="sm" component="section" aria-labelledby="leave-heading">
      <Title order={2} size="h3" id="leave-heading">
        Leave account
      </Title>
      {last ? (
        <Text size="sm" c="dimmed">
          You are the only owner. Make someone else an owner before you leave.
        </Text>
      ) : (
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpen(true)}>
            Leave account
          </Button>
        </Group>
      )}
      <MutationError error={leave.error} />
      <Modal opened={open} onClose={() => setOpen(false)} title="Leave account" centered>
        <Stack>
          <Text size="sm">
            You will lose access to this account and its client tenants. An owner or admin can
            invite you again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => void navigate('/', { replace: true }),
                  onSettled: () => setOpen(false),
                })
              }
            >
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * admin/members: the members with their role and client-tenant access, invitations (when
 * allowed) and leaving. `myAccessLimited`: the signed-in member reaches only some client
 * tenants (they then change no one's access and invite no one).
 */
export function MembersPanel({
  myRole,
  myUserId,
  myAccessLimited = false,
}: {
  myRole: AccountRole;
  myUserId: string;
  myAccessLimited?: boolean;
}) {
  const members = useMembers();
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="members-heading">
        <Title order={2} size="h3" id="members-heading">
          Members
        </Title>
        {members.isPending ? <Loader size="sm" aria-label="Loading members" /> : null}
        <MutationError error={members.error} />
        {members.data ? (
          <MembersTable
            members={members.data.members}
            myRole={myRole}
            myUserId={myUserId}
            myAccessLimited={myAccessLimited}
          />
        ) : null}
      </Stack>
      {can(myRole, 'members.invite') && !myAccessLimited ? (
        <InvitationsPanel myRole={myRole} />
      ) : null}
      {members.data ? <LeaveAccount myRole={myRole} members={members.data.members} /> : null}
    </Stack>
  );
}
