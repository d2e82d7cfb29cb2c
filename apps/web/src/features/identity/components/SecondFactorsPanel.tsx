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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** What the account's requirement means for me now (null when it says nothing). */
export function RequirementNotice({ claim }: { claim: SecondFactorClaim | undefined }) {
  const [now] = useState(() => Date.now());
  if (!claim?.required || claim.enrolled || !claim.enrolBy) return null;
  const over = Date.parse(claim.enrolBy) <= now;
  return over ? (
    <Alert color="red" variant="light" role="alert" title={t('requirement.over.title')}>
      {t('requirement.over.body')}
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" title={t('requirement.soon.title')}>
      {t('requirement.soon.body', { date: formatDateTime(claim.enrolBy) })}
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
            label={t('password.label')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('password.cancel')}
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
              {t('totp.title')}
            </Title>
            <Badge variant="light" color={enabled ? 'teal' : 'gray'}>
              {enabled ? t('totp.on') : t('totp.off')}
            </Badge>
          </Group>
          {enabled ? null : <Button onClick={() => setSettingUp(true)}>{t('totp.setUp')}</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          {enabled
            ? t('totp.enabled', { count: String(backupCodesLeft ?? 0) })
            : t('totp.disabled')}
        </Text>
        {enabled ? (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setRenewing(true)}>
              {t('totp.newCodes')}
            </Button>
            <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
              {t('totp.turnOff')}
            </Button>
          </Group>
        ) : null}
        {codes ? (
          <Alert variant="light" color="teal" title={t('totp.codes.title')}>
            <Stack gap="xs">
              <Text size="sm">{t('totp.codes.body')}</Text>
              <BackupCodes codes={codes} />
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      <TotpSetupModal opened={settingUp} onClose={() => setSettingUp(false)} />
      <PasswordStep
        opened={turningOff}
        title={t('totp.turnOff.title')}
        text={t('totp.turnOff.text')}
        label={t('totp.turnOff.confirm')}
        pending={disable.isPending}
        error={disable.isError ? secondFactorErrorMessage(disable.error) : undefined}
        onSubmit={(password) =>
          disable.mutate(password, {
            onSuccess: () => {
              setTurningOff(false);
              notifications.show({ color: 'teal', message: t('totp.turnOff.done') });
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
        title={t('totp.renew.title')}
        text={t('totp.renew.text')}
        label={t('totp.renew.confirm')}
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
            {t('passkeys.title')}
          </Title>
          <Badge variant="light" color={status.passkeys.length > 0 ? 'teal' : 'gray'}>
            {status.passkeys.length}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('passkeys.intro')}
        </Text>
        {status.passkeys.length > 0 ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {status.passkeys.map((p) => {
              const label = p.name || t('passkeys.defaultName');
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
                    {rich(
                      t,
                      'passkeys.item',
                      {
                        dated: p.createdAt ? 'yes' : 'no',
                        date: p.createdAt ? formatDate(p.createdAt) : '',
                        synced: p.backedUp ? 'yes' : 'no',
                      },
                      { name: <strong>{label}</strong> },
                    )}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving({ id: p.id, name: label })}
                    aria-label={t('passkeys.removeLabel', { name: label })}
                  >
                    {t('passkeys.remove')}
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
                  notifications.show({ color: 'teal', message: t('passkeys.addedNotice') });
                },
              });
            }}
          >
            <Group align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                label={t('passkeys.name.label')}
                placeholder={t('passkeys.name.placeholder')}
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                w={240}
                maw="100%"
              />
              <Button type="submit" loading={add.isPending}>
                {t('passkeys.add')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {t('passkeys.unsupported')}
          </Text>
        )}
        {add.isError ? (
          <ErrorAlert>
            {add.error instanceof DOMException
              ? t('passkeys.notAdded')
              : secondFactorErrorMessage(add.error)}
          </ErrorAlert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('passkeys.removeTitle')}
        confirmLabel={t('passkeys.removeConfirm')}
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
        <Text size="sm">{t('passkeys.removeBody', { name: removing?.name ?? '' })}</Text>
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
          {t('panel.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('panel.intro')}
        </Text>
      </Stack>
      <RequirementNotice claim={claim} />
      {status.isPending ? <Loader size="sm" aria-label={t('panel.loading')} /> : null}
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
