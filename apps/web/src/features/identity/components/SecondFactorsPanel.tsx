import {
  PASSKEY_NAME_MAX,
  type SecondFactorClaim,
  type SecondFactorStatus,
} from '@tenantry/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { secondFactorErrorMessage } from '../api/auth-fetch.ts';
import {
  useAddPasskey,
  useDeletePasskey,
  useDisableTotp,
  useNewBackupCodes,
  useSecondFactors,
} from '../api/second-factors.ts';
import { BackupCodes, TotpSetupModal } from './TotpSetupModal.tsx';

/** What the account's requirement means for me now (null when it says nothing). */
export function RequirementNotice({ claim }: { claim: SecondFactorClaim | undefined }) {
  const [now] = useState(() => Date.now());
  if (!claim?.required || claim.enrolled || !claim.enrolBy) return null;
  const over = Date.parse(claim.enrolBy) <= now;
  return over ? (
    <Alert color="red" variant="light" role="alert" title="Set up a second factor to continue">
      This account requires a second factor. Until you set up an authenticator app or a passkey
      below, the rest of Tenantry stays closed to you.
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" title="Your account requires a second factor">
      Set up an authenticator app or a passkey by {formatDateTime(claim.enrolBy)}. After that,
      Tenantry opens only this page until you do.
    </Alert>
  );
}

/** A password, asked for again before a change to the authenticator app. */
function PasswordStep({
  opened,
  title,
  text,
  label,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  label: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <Stack>
          <Text size="sm">{text}</Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={pending} disabled={!password}>
              {label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AuthenticatorCard({ status }: { status: SecondFactorStatus }) {
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const disable = useDisableTotp();
  const renew = useNewBackupCodes();
  const { enabled, backupCodesLeft } = status.totp;
  return (
    <Card withBorder component="section" aria-labelledby="totp-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconShieldLock size={20} aria-hidden />
            <Title order={3} size="h4" id="totp-title">
              Authenticator app
            </Title>
            <Badge variant="light" color={enabled ? 'teal' : 'gray'}>
              {enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          {enabled ? null : <Button onClick={() => setSettingUp(true)}>Set up</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          {enabled
            ? `Signing in asks for a code from your app after the password. Backup codes left: ${backupCodesLeft ?? 0}.`
            : 'A code from an app on your phone, asked for after your password when you sign in.'}
        </Text>
        {enabled ? (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setRenewing(true)}>
              New backup codes
            </Button>
            <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
              Turn off
            </Button>
          </Group>
        ) : null}
        {codes ? (
          <Alert variant="light" color="teal" title="Your new backup codes">
            <Stack gap="xs">
              <Text size="sm">The old ones no longer work. Each of these signs you in once.</Text>
              <BackupCodes codes={codes} />
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      <TotpSetupModal opened={settingUp} onClose={() => setSettingUp(false)} />
      <PasswordStep
        opened={turningOff}
        title="Turn off the authenticator app?"
        text="Signing in will no longer ask for its code. Your backup codes stop working too."
        label="Turn off"
        pending={disable.isPending}
        error={disable.isError ? secondFactorErrorMessage(disable.error) : undefined}
        onSubmit={(password) =>
          disable.mutate(password, {
            onSuccess: () => {
              setTurningOff(false);
              notifications.show({ color: 'teal', message: 'The authenticator app is off.' });
            },
          })
        }
        onClose={() => {
          setTurningOff(false);
          disable.reset();
        }}
      />
      <PasswordStep
        opened={renewing}
        title="Make new backup codes?"
        text="Your current backup codes stop working."
        label="Make new codes"
        pending={renew.isPending}
        error={renew.isError ? secondFactorErrorMessage(renew.error) : undefined}
        onSubmit={(password) =>
          renew.mutate(password, {
            onSuccess: (data) => {
              setCodes(data.backupCodes);
              setRenewing(false);
            },
          })
        }
        onClose={() => {
          setRenewing(false);
          renew.reset();
        }}
      />
    </Card>
  );
}

function PasskeysCard({ status }: { status: SecondFactorStatus }) {
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <Card withBorder component="section" aria-labelledby="passkeys-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconKey size={20} aria-hidden />
          <Title order={3} size="h4" id="passkeys-title">
            Passkeys
          </Title>
          <Badge variant="light" color={status.passkeys.length > 0 ? 'teal' : 'gray'}>
            {status.passkeys.length}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Your device’s fingerprint, face or screen lock, or a security key: signs you in alone, or
          after your password in place of a code.
        </Text>
        {status.passkeys.length > 0 ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {status.passkeys.map((p) => {
              const label = p.name || 'Passkey';
              return (
                <Group
                  key={p.id}
                  component="li"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  aria-label={label}
                >
                  <Text size="sm">
                    <strong>{label}</strong>
                    {p.createdAt ? `, added ${formatDate(p.createdAt)}` : ''}
                    {p.backedUp ? ' (synced)' : ''}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving({ id: p.id, name: label })}
                    aria-label={`Remove the passkey ${label}`}
                  >
                    Remove
                  </Button>
                </Group>
              );
            })}
          </Stack>
        ) : null}
        {supported ? (
          <form
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              add.mutate(name.trim(), {
                onSuccess: () => {
                  setName('');
                  notifications.show({ color: 'teal', message: 'The passkey was added.' });
                },
              });
            }}
          >
            <Group align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label="Name of the new passkey"
                placeholder="Work laptop"
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                w={240}
                maw="100%"
              />
              <Button type="submit" loading={add.isPending}>
                Add a passkey
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            This browser cannot use passkeys.
          </Text>
        )}
        {add.isError ? (
          <ErrorAlert>
            {add.error instanceof DOMException
              ? 'The passkey was not added: the prompt was closed or timed out.'
              : secondFactorErrorMessage(add.error)}
          </ErrorAlert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title="Remove this passkey?"
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        error={
          remove.isError ? <ErrorAlert>{secondFactorErrorMessage(remove.error)}</ErrorAlert> : null
        }
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      >
        <Text size="sm">“{removing?.name}” can no longer sign you in.</Text>
      </ConfirmModal>
    </Card>
  );
}

/**
 * admin/security: my second factors (docs/identity.md): an authenticator app with backup codes,
 * and passkeys; and what the account's requirement asks of me.
 */
export function SecondFactorsPanel({ claim }: { claim: SecondFactorClaim | undefined }) {
  const status = useSecondFactors();
  return (
    <Stack gap="sm" component="section" aria-labelledby="second-factors-heading">
      <Stack gap={4}>
        <Title order={2} size="h3" id="second-factors-heading">
          Second factor
        </Title>
        <Text size="sm" c="dimmed">
          Something you have, asked for besides your password whenever you sign in: with the code
          from an e-mail, after a password reset, or from a shared sign-in too.
        </Text>
      </Stack>
      <RequirementNotice claim={claim} />
      {status.isPending ? <Loader size="sm" aria-label="Loading your second factors" /> : null}
      {status.isError ? <ErrorAlert error={status.error} /> : null}
      {status.data ? (
        <>
          <AuthenticatorCard status={status.data} />
          <PasskeysCard status={status.data} />
        </>
      ) : null}
    </Stack>
  );
}
