import type { ShareRole } from '@tenantry/shared';
import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreateShare } from '../api/create-share.ts';
import { SHARE_ROLE_OPTIONS } from './ShareRoleSelect.tsx';
import { fieldErrors, sharingErrorMessage, validateEmail } from '../lib/sharing-messages.ts';

/** "Share" form: an e-mail address and a role; the invitee gets a sign-in link by e-mail. */
export function ShareForm({ tenantId }: { tenantId: string }) {
  const create = useCreateShare(tenantId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const error = validateEmail(email);
    setEmailError(error);
    setSentTo(null);
    if (error) return;
    create.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (share) => {
          setSentTo(share.email);
          setEmail('');
        },
      },
    );
  }

  const fields = fieldErrors(create.error);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Share this client tenant">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="off"
          placeholder="name@client.example"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={emailError ?? fields.email}
          style={{ flex: '1 1 16rem' }}
        />
        <Select
          label="Role"
          data={SHARE_ROLE_OPTIONS}
          value={role}
          allowDeselect={false}
          onChange={(v) => v && setRole(v as ShareRole)}
          error={fields.role}
          w={170}
        />
        <Button type="submit" loading={create.isPending} mt={25}>
          Share
        </Button>
      </Group>
      {create.isError && !fields.email && !fields.role ? (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {sharingErrorMessage(create.error)}
        </Alert>
      ) : null}
      {sentTo ? (
        <Alert color="teal" variant="light" role="status" mt="sm">
          Shared. We e-mailed {sentTo} a link to sign in.
        </Alert>
      ) : null}
    </form>
  );
}
