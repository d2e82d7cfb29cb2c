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
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useLeaveAccount } from '../api/leave-account.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { ResetSecondFactorsModal } from './ResetSecondFactorsModal.tsx';
import { TenantAccessDialog } from './TenantAccessDialog.tsx';
import {
  ROLE_LABELS,
  canRemoveMember,
  canResetSecondFactors,
  isLastOwner,
  roleChoices,
} from '../lib/member-rules.ts';
import { accessSummary, canEditAccess } from '../lib/tenant-access-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';
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
        aria-label={t('table.roleOf', { name: member.name || member.email })}
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
          aria-label={t('table.editAccess', { name })}
          style={{ flexShrink: 0 }}
        >
          {t('table.edit')}
        </Button>
      ) : null}
    </Group>
  );
}

/** "Remove member?": they lose access at once. */
function RemoveMemberModal({
  member,
  pending,
  onConfirm,
  onClose,
}: {
  member: Member | null;
  pending: boolean;
  onConfirm: (member: Member) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('remove.title')} centered>
      <Stack>
        <Text size="sm">
          {t('remove.body', {
            name: member?.name || member?.email || '',
            email: member?.email ?? '',
          })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('remove.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={() => member && onConfirm(member)}>
            {t('remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
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
        <Table verticalSpacing="sm" aria-label={t('table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th>{t('table.role')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('table.tenants')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('table.joined')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
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
                          {t('table.you')}
                        </Badge>
                      ) : null}
                    </Group>
                    <NameText name={m.email} size="xs" c="dimmed" component="div" lines={1} />
                    <Badge
                      size="xs"
                      mt={4}
                      variant="light"
                      color={m.secondFactor ? 'teal' : 'gray'}
                      aria-label={
                        m.secondFactor ? t('table.secondFactor.has') : t('table.secondFactor.no')
                      }
                    >
                      {m.secondFactor ? t('table.secondFactor.yes') : t('table.secondFactor.no')}
                    </Badge>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {rich(
                        t,
                        'table.joinedOn',
                        {},
                        { date: <time dateTime={m.joinedAt}>{formatDate(m.joinedAt)}</time> },
                      )}
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
                          aria-label={t('table.resetLabel', { name: m.name || m.email })}
                        >
                          {t('table.reset')}
                        </Button>
                      ) : null}
                      {canRemoveMember(myRole, { role: m.role, isSelf }) ? (
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          onClick={() => setConfirming(m)}
                          aria-label={t('table.removeLabel', { name: m.name || m.email })}
                        >
                          {t('table.remove')}
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
      <RemoveMemberModal
        member={confirming}
        pending={remove.isPending}
        onConfirm={(m) => remove.mutate(m.userId, { onSettled: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
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
        {t('leave.title')}
      </Title>
      {last ? (
        <Text size="sm" c="dimmed">
          {t('leave.lastOwner')}
        </Text>
      ) : (
        <Group>
          <Button color="red" variant="outline" onClick={() => setOpen(true)}>
            {t('leave.open')}
          </Button>
        </Group>
      )}
      <MutationError error={leave.error} />
      <Modal opened={open} onClose={() => setOpen(false)} title={t('leave.dialog')} centered>
        <Stack>
          <Text size="sm">{t('leave.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('leave.cancel')}
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
              {t('leave.confirm')}
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
          {t('members.title')}
        </Title>
        {members.isPending ? <Loader size="sm" aria-label={t('members.loading')} /> : null}
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
