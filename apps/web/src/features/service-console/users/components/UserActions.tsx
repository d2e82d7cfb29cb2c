import { Button, Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SERVICE_USER_LIMITS, type ServiceUserDetail, type SystemRole } from '@tenantry/shared';
import { useState } from 'react';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useUserAction, type UserAction } from '../api/users-api.ts';
import { t } from '../../messages.ts';
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
  const values = { role, email: user.email };
  return grant
    ? {
        action: { kind: 'grant', role },
        title: t('users.role.grant.title', values),
        body:
          role === 'admin'
            ? t('users.role.grant.body.admin')
            : t('users.role.grant.body.developer'),
        label: t('users.role.grant.label', values),
        done: t('users.role.grant.done', values),
      }
    : {
        action: { kind: 'revoke', role },
        title: t('users.role.revoke.title', values),
        body: t('users.role.revoke.body'),
        label: t('users.role.revoke.label', values),
        done: t('users.role.revoke.done', values),
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
        {t('users.secondFactorReset')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('users.secondFactorReset.title', { email: user.email })}
        confirmLabel={t('users.secondFactorReset')}
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() =>
          run.mutate(
            { kind: 'secondFactorReset' },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: t('users.secondFactorReset.done', { email: user.email }),
                });
                close();
              },
            },
          )
        }
        onClose={close}
      >
        <Text size="sm">{t('users.secondFactorReset.body')}</Text>
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
        notifications.show({ color: 'red', title: t('users.send.failed'), message: err.message }),
    });

  return (
    <Section title={t('users.actions')}>
      <Group gap="xs" wrap="wrap">
        {user.emailVerified ? null : (
          <Button
            variant="default"
            onClick={() =>
              send({ kind: 'verification' }, t('users.verification.sent', { email: user.email }))
            }
          >
            {t('users.verification.resend')}
          </Button>
        )}
        <Button
          variant="default"
          onClick={() =>
            send({ kind: 'passwordReset' }, t('users.passwordReset.sent', { email: user.email }))
          }
        >
          {t('users.passwordReset.send')}
        </Button>
        {self || !user.secondFactor.enrolled ? null : <SecondFactorReset user={user} />}
        <Button
          variant="default"
          color="red"
          disabled={user.sessions.length === 0}
          onClick={() =>
            setConfirm({
              action: { kind: 'endSessions' },
              title: t('users.endSessions.title', { email: user.email }),
              body: t('users.endSessions.body'),
              label: t('users.endSessions'),
              done: t('users.endSessions.done'),
            })
          }
        >
          {t('users.endSessions')}
        </Button>
        {self ? null : user.disabled ? (
          <Button
            variant="default"
            onClick={() =>
              setConfirm({
                action: { kind: 'enable' },
                title: t('users.enable.title', { email: user.email }),
                body: t('users.enable.body'),
                label: t('users.enable'),
                done: t('users.enable.done', { email: user.email }),
              })
            }
          >
            {t('users.enable')}
          </Button>
        ) : (
          <Button color="red" variant="light" onClick={() => setDisabling(true)}>
            {t('users.disable')}
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
                    ? t('users.role.revoke.label', { role })
                    : t('users.role.grant.label', { role })}
                </Button>
              );
            })}
      </Group>
      {self ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('users.self')}
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
        title={t('users.disable.title', { email: user.email })}
        confirmLabel={t('users.disable.confirm')}
        pending={run.isPending}
        error={run.isError ? <ErrorAlert error={run.error} /> : null}
        onConfirm={() => {
          if (reason.trim())
            go(
              { kind: 'disable', reason: reason.trim() },
              t('users.disable.done', { email: user.email }),
            );
        }}
        onClose={close}
      >
        <Text size="sm">{t('users.disable.body')}</Text>
        <Textarea
          label={t('users.disable.reason.label')}
          description={t('users.disable.reason.description')}
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
