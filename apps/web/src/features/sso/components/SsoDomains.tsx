import {
  SSO_DOMAIN_CODE,
  SSO_PROOF_MAILBOXES,
  SsoDomainInputSchema,
  SsoDomainVerifySchema,
  type SsoDomain,
  type SsoProofMailbox,
} from '@tenantry/shared';
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddSsoDomain, useRemoveSsoDomain, useVerifySsoDomain } from '../api/sso.ts';
import { formErrorsOf } from '../lib/sso-form.ts';

/** One domain: proven, or waiting for the code e-mailed to its administrative mailbox. */
function DomainRow({ domain, locked }: { domain: SsoDomain; locked: boolean }) {
  const verify = useVerifySsoDomain();
  const resend = useAddSsoDomain();
  const remove = useRemoveSsoDomain();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mailbox = domain.proofEmail.split('@')[0] as SsoProofMailbox;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SsoDomainVerifySchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Enter the code.');
      return;
    }
    setCodeError(null);
    verify.mutate(
      { id: domain.id, code: parsed.data.code },
      {
        onSuccess: () => setCode(''),
        onError: (err) => setCodeError(err.message || null),
      },
    );
  };
  return (
    <Paper withBorder p="sm" component="li" aria-label={domain.domain}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{domain.domain}</Text>
            {domain.verified ? (
              <Badge color="teal" variant="light">
                Proven
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                Waiting for the code
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${domain.domain}`}
          >
            Remove
          </Button>
        </Group>
        {domain.verified ? (
          <Text size="sm" c="dimmed">
            Proven {domain.verifiedAt ? formatDateTime(domain.verifiedAt) : ''} through{' '}
            {domain.proofEmail}.
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            aria-label={`Prove ${domain.domain}`}
            style={{ width: '100%' }}
          >
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                We e-mailed a code to {domain.proofEmail}
                {domain.codeExpiresAt
                  ? `; it holds until ${formatDateTime(domain.codeExpiresAt)}`
                  : ''}
                . Whoever reads that mailbox gives it to you.
              </Text>
              <Group align="flex-start" wrap="wrap" gap="xs">
                <TextInput
                  label={`Code for ${domain.domain}`}
                  placeholder={`${SSO_DOMAIN_CODE.length} digits`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  error={codeError}
                  disabled={locked}
                  w={220}
                  maw="100%"
                />
                <Button type="submit" mt={25} loading={verify.isPending} disabled={locked}>
                  Prove domain
                </Button>
                <Button
                  variant="default"
                  mt={25}
                  loading={resend.isPending}
                  disabled={locked}
                  onClick={() => resend.mutate({ domain: domain.domain, mailbox })}
                >
                  Send a new code
                </Button>
              </Group>
              {resend.isSuccess ? (
                <Text size="sm" c="teal" role="status">
                  A new code is on its way to {domain.proofEmail}.
                </Text>
              ) : null}
              {resend.isError ? <ErrorAlert error={resend.error} /> : null}
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={`Remove ${domain.domain}?`}
        confirmLabel="Remove domain"
        pending={remove.isPending}
        error={remove.error ? <ErrorAlert error={remove.error} /> : null}
        onConfirm={() => remove.mutate(domain.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        Sign-in through your provider, and “require single sign-on”, stop at once for addresses at{' '}
        {domain.domain}. People who joined through it stay members.
      </ConfirmModal>
    </Paper>
  );
}

/** Add a domain: the code goes to one of its administrative mailboxes. */
function AddDomainForm({ locked }: { locked: boolean }) {
  const add = useAddSsoDomain();
  const [domain, setDomain] = useState('');
  const [mailbox, setMailbox] = useState<SsoProofMailbox>('admin');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SsoDomainInputSchema.safeParse({ domain, mailbox });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a domain.');
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => setDomain(''),
      onError: (err) => setError(formErrorsOf(err)?.domain ?? null),
    });
  };
  const host = domain.trim().toLowerCase() || 'example.com';
  return (
    <form noValidate onSubmit={submit} aria-label="Add a domain">
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label="Domain"
            placeholder="example.com"
            autoComplete="off"
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            error={error}
            disabled={locked}
            w={260}
            maw="100%"
          />
          <Select
            label="Send the code to"
            data={SSO_PROOF_MAILBOXES.map((m) => ({ value: m, label: `${m}@${host}` }))}
            value={mailbox}
            onChange={(v) => v && setMailbox(v as SsoProofMailbox)}
            allowDeselect={false}
            disabled={locked}
            w={260}
            maw="100%"
          />
          <Button type="submit" mt={25} loading={add.isPending} disabled={locked}>
            Send code
          </Button>
        </Group>
        {add.isError && !formErrorsOf(add.error) ? <ErrorAlert error={add.error} /> : null}
      </Stack>
    </form>
  );
}

/** The e-mail domains the provider speaks for. */
export function SsoDomains({ domains, locked }: { domains: SsoDomain[]; locked: boolean }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Addresses at a proven domain sign in through your provider, and join this account on their
        first sign-in. A domain is proven by a code e-mailed to one of its administrative mailboxes,
        which only the domain’s administrators read; a domain belongs to one Tenantry account.
      </Text>
      {domains.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label="Single sign-on domains"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {domains.map((d) => (
            <DomainRow key={d.id} domain={d} locked={locked} />
          ))}
        </Stack>
      ) : null}
      <AddDomainForm locked={locked} />
    </Stack>
  );
}
