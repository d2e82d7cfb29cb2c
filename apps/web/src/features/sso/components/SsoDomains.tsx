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
import { t } from '../messages.ts';

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
      setCodeError(parsed.error.issues[0]?.message ?? t('domain.code.required'));
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
                {t('domain.proven')}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light">
                {t('domain.waiting')}
              </Badge>
            )}
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            aria-label={t('domain.removeLabel', { domain: domain.domain })}
          >
            {t('domain.remove')}
          </Button>
        </Group>
        {domain.verified ? (
          <Text size="sm" c="dimmed">
            {t('domain.provenThrough', {
              date: domain.verifiedAt ? formatDateTime(domain.verifiedAt) : '',
              email: domain.proofEmail,
            })}
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            aria-label={t('domain.form', { domain: domain.domain })}
            style={{ width: '100%' }}
          >
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {domain.codeExpiresAt
                  ? t('domain.sentUntil', {
                      email: domain.proofEmail,
                      until: formatDateTime(domain.codeExpiresAt),
                    })
                  : t('domain.sent', { email: domain.proofEmail })}
              </Text>
              <Group align="flex-start" wrap="wrap" gap="xs">
                <TextInput
                  label={t('domain.code.label', { domain: domain.domain })}
                  placeholder={t('domain.code.placeholder', { n: String(SSO_DOMAIN_CODE.length) })}
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
                  {t('domain.prove')}
                </Button>
                <Button
                  variant="default"
                  mt={25}
                  loading={resend.isPending}
                  disabled={locked}
                  onClick={() => resend.mutate({ domain: domain.domain, mailbox })}
                >
                  {t('domain.resend')}
                </Button>
              </Group>
              {resend.isSuccess ? (
                <Text size="sm" c="teal" role="status">
                  {t('domain.resent', { email: domain.proofEmail })}
                </Text>
              ) : null}
              {resend.isError ? <ErrorAlert error={resend.error} /> : null}
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('domain.removeTitle', { domain: domain.domain })}
        confirmLabel={t('domain.removeConfirm')}
        pending={remove.isPending}
        error={remove.error ? <ErrorAlert error={remove.error} /> : null}
        onConfirm={() => remove.mutate(domain.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        {t('domain.removeBody', { domain: domain.domain })}
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
      setError(parsed.error.issues[0]?.message ?? t('add.domain.required'));
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
    <form noValidate onSubmit={submit} aria-label={t('add.form')}>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label={t('add.domain.label')}
            // i18n-ignore: an example domain
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
            label={t('add.mailbox.label')}
            data={SSO_PROOF_MAILBOXES.map((m) => ({ value: m, label: `${m}@${host}` }))}
            value={mailbox}
            onChange={(v) => v && setMailbox(v as SsoProofMailbox)}
            allowDeselect={false}
            disabled={locked}
            w={260}
            maw="100%"
          />
          <Button type="submit" mt={25} loading={add.isPending} disabled={locked}>
            {t('add.send')}
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
        {t('domains.intro')}
      </Text>
      {domains.length > 0 ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('domains.list')}
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
