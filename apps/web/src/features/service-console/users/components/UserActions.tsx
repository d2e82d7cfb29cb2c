import { Button, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SERVICE_USER_LIMITS, type ServiceUserDetail, type SystemRole } from '@tenantry/shared';
import { useState } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useUserAction, type UserAction } from '../api/users-api.ts';
import { ROLE_LABELS } from '../lib/users-view.ts';
import { Section } from './Section.tsx';

/** What a confirmed action says before it runs. */
interface Confirm {
  action: UserAction;
  title: string;
  body: string;
  label: string;
  done: string;
}

function roleConfirm(user: ServiceUserDetail, role: SystemRole, grant: boolean): Confirm {
  const name = ROLE_LABELS[role].toLowerCase();
  return grant
    ? {
        action: { kind: 'grant', role },
        title: `Make ${user.email} a ${name}?`,
        body:
          role === 'admin'
            ? 'They will reach the whole service console: every account, user and the system.'
            : 'They will reach the developer tools of the service.',
        label: `Grant ${name}`,
        done: `${user.email} is now a ${name}.`,
      }
    : {
        action: { kind: 'revoke', role },
        title: `Revoke ${name} from ${user.email}?`,
        body: 'They lose it on their next request.',
        label: `Revoke ${name}`,
        done: `${user.email} is no longer a ${name}.`,
      };
}

/**
 * "Reset second factors" (docs/identity.md): the user lost their device; their authenticator
 * app and passkeys go, their sessions end, they are e-mailed.
 */
function SecondFactorReset({ user }: { user: ServiceUserDetail }) {
  const run = useUserAction(user.id);
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    run.reset();
  };
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpen(true)}>
        Reset second factors
      </Button>
      <ConfirmModal
        opened={open}
        title={`Reset the second factors of ${user.email}?`}
        confirmLabel="Reset second factors"
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() =>
          run.mutate(
            { kind: 'secondFactorReset' },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: `The second factors of ${user.email} were reset.`,
                });
                close();
              },
            },
          )
        }
        onClose={close}
      >
        <Text size="sm">
          Their authenticator app and passkeys are removed and every session is ended; they sign in
          with the password alone and set up a new one. They are e-mailed. Do this only once you are
          sure who asks.
        </Text>
      </ConfirmModal>
    </>
  );
}

/** What a system admin may do to the user; destructive ones ask first. */
export function UserActions({ user, self }: { user: ServiceUserDetail; self: boolean }) {
  const run = useUserAction(user.id);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [reason, setReason] = useState('');

  const close = () => {
    setConfirm(null);
    setDisabling(false);
    setReason('');
    run.reset();
  };
  const go = (action: UserAction, done: string) =>
    run.mutate(action, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: done });
        close();
      },
    });
  const send = (action: UserAction, done: string) =>
    run.mutate(action, {
      onSuccess: () => notifications.show({ color: 'teal', message: done }),
      onError: (err) =>
        notifications.show({ color: 'red', title: 'Not sent', message: err.message }),
    });

  return (
    <Section title="Actions">
      <Group gap="xs" wrap="wrap">
        {user.emailVerified ? null : (
          <Button
            variant="default"
            onClick={() =>
              send({ kind: 'verification' }, `A verification link was sent to ${user.email}.`)
            }
          >
            Resend verification
          </Button>
        )}
        <Button
          variant="default"
          onClick={() =>
            send({ kind: 'passwordReset' }, `A password reset link was sent to ${user.email}.`)
          }
        >
          Send password reset
        </Button>
        {self || !user.secondFactor.enrolled ? null : <SecondFactorReset user={user} />}
        <Button
          variant="default"
          color="red"
          disabled={user.sessions.length === 0}
          onClick={() =>
            setConfirm({
              action: { kind: 'endSessions' },
              title: `End every session of ${user.email}?`,
              body: 'Every browser they are signed in on is signed out on its next request.',
              label: 'End all sessions',
              done: 'Every session ended.',
            })
          }
        >
          End all sessions
        </Button>
        {self ? null : user.disabled ? (
          <Button
            variant="default"
            onClick={() =>
              setConfirm({
                action: { kind: 'enable' },
                title: `Enable ${user.email}?`,
                body: 'They can sign in again.',
                label: 'Enable',
                done: `${user.email} is enabled.`,
              })
            }
          >
            Enable
          </Button>
        ) : (
          <Button color="red" variant="light" onClick={() => setDisabling(true)}>
            Disable…
          </Button>
        )}
        {self
          ? null
          : (['admin', 'developer'] as const).map((role) => {
              const has = role === 'admin' ? user.systemAdmin : user.systemDeveloper;
              return (
                <Button
                  key={role}
                  variant="default"
                  onClick={() => setConfirm(roleConfirm(user, role, !has))}
                >
                  {has
                    ? `Revoke ${ROLE_LABELS[role].toLowerCase()}`
                    : `Grant ${ROLE_LABELS[role].toLowerCase()}`}
                </Button>
              );
            })}
      </Group>
      {self ? (
        <Text size="xs" c="dimmed" mt="xs">
          This is you: another system admin changes your roles or disables you.
        </Text>
      ) : null}

      <ConfirmModal
        opened={confirm !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() => confirm && go(confirm.action, confirm.done)}
        onClose={close}
      >
        <Text size="sm">{confirm?.body}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={disabling}
        title={`Disable ${user.email}?`}
        confirmLabel="Disable"
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() => {
          if (reason.trim())
            go({ kind: 'disable', reason: reason.trim() }, `${user.email} is disabled.`);
        }}
        onClose={close}
      >
        <Text size="sm">
          They are signed out everywhere at once and cannot sign in until enabled again.
        </Text>
        <Textarea
          label="Reason"
          description="Kept with the user and in the audit log."
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={SERVICE_USER_LIMITS.reason}
          autosize
          minRows={2}
          data-autofocus
        />
      </ConfirmModal>
    </Section>
  );
}
