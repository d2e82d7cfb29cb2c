import { CreateInvitationSchema, assignableRoles, type AccountRole } from '@tenantry/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { ROLE_LABELS } from '../lib/member-rules.ts';
import { t } from '../messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';

function InviteForm({ myRole }: { myRole: AccountRole }) {
  const create = useCreateInvitation();
  const roles = assignableRoles(myRole);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      email: '',
      role: (roles.includes('member') ? 'member' : roles[0]!) as AccountRole,
    },
    validate: schemaResolver(CreateInvitationSchema, { sync: true }),
    transformValues: (values) => CreateInvitationSchema.parse(values),
  });

  return (
    <form
      onSubmit={form.onSubmit(
        (input) => {
          setSentTo(null);
          create.mutate(input, {
            onSuccess: (inv) => {
              setSentTo(inv.email);
              form.setFieldValue('email', '');
            },
            onError: (err) => applyServerErrors(form, err),
          });
        },
        () => setSentTo(null),
      )}
      noValidate
      aria-label={t('invite.form')}
    >
      <Stack gap="sm">
        {create.isError && !(create.error instanceof ApiError && create.error.fields.email) ? (
          <ErrorAlert error={create.error} />
        ) : null}
        {sentTo ? (
          <Alert color="teal" variant="light" role="status">
            {t('invite.sent', { email: sentTo })}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('invite.email')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
            flex="1 1 220px"
          />
          <Select
            label={t('invite.role')}
            data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
            w={140}
          />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PendingInvitations() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  if (invitations.isPending) return <Loader size="sm" aria-label={t('pending.loading')} />;
  if (invitations.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {invitations.error.message}
      </Alert>
    );
  }
  const list = invitations.data.invitations;
  if (list.length === 0) return <Text size="sm">{t('pending.none')}</Text>;
  return (
    <>
      {revoke.isError ? (
        <Alert color="red" variant="light" role="alert">
          {revoke.error.message}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" aria-label={t('pending.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pending.email')}</Table.Th>
              <Table.Th>{t('pending.role')}</Table.Th>
              <Table.Th>{t('pending.expires')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('pending.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>
                  <NameText name={inv.email} size="sm" />
                </Table.Td>
                <Table.Td>{ROLE_LABELS[inv.role]}</Table.Td>
                <Table.Td>
                  <time dateTime={inv.expiresAt}>{formatDateTime(inv.expiresAt)}</time>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === inv.id}
                    onClick={() => revoke.mutate(inv.id)}
                    aria-label={t('pending.revokeLabel', { email: inv.email })}
                  >
                    {t('pending.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Invite by e-mail (roles limited to what I may hand out) and the pending invitations. */
export function InvitationsPanel({ myRole }: { myRole: AccountRole }) {
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="invite-heading">
        <Title order={2} size="h3" id="invite-heading">
          {t('invite.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invite.intro')}
        </Text>
        <InviteForm myRole={myRole} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="pending-heading">
        <Title order={2} size="h3" id="pending-heading">
          {t('pending.title')}
        </Title>
        <PendingInvitations />
      </Stack>
    </Stack>
  );
}
