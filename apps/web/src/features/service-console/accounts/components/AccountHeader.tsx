import { SERVICE_ACCOUNT_LIMITS, type ServiceAccountDetail } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { SupportAccessButton } from '../../support-access/components/SupportAccessButton.tsx';
import { useRestoreAccount, useSuspendAccount, useTransferOwnership } from '../api/accounts-api.ts';
import { t } from '../../messages.ts';
import { fail } from './AccountSection.tsx';

type Detail = ServiceAccountDetail;

function SuspendModal({ d, opened, onClose }: { d: Detail; opened: boolean; onClose: () => void }) {
  const suspend = useSuspendAccount(d.id);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.suspend.title')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          suspend.mutate(trimmed, {
            onSuccess: () => {
              setReason('');
              onClose();
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('account.suspend.intro')}</Text>
          <Textarea
            label={t('account.suspend.reason.label')}
            description={t('account.suspend.reason.description')}
            required
            autosize
            minRows={2}
            maxLength={SERVICE_ACCOUNT_LIMITS.reason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={suspend.error?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('account.suspend.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!trimmed} loading={suspend.isPending}>
              {t('account.suspend.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TransferModal({
  d,
  opened,
  onClose,
}: {
  d: Detail;
  opened: boolean;
  onClose: () => void;
}) {
  const transfer = useTransferOwnership(d.id);
  const [userId, setUserId] = useState<string | null>(null);
  const owners = d.members.filter((m) => m.role === 'owner');
  const choices = d.members
    .filter((m) => !(m.role === 'owner' && owners.length === 1))
    .map((m) => ({ value: m.userId, label: `${m.name || m.email} (${m.email})` }));
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.transfer.title')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {t('account.transfer.intro', {
            owners: owners.map((o) => o.email).join(', ') || t('account.transfer.noOwners'),
          })}
        </Text>
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('account.transfer.noChoice')}
          </Text>
        ) : (
          <Select
            label={t('account.transfer.newOwner')}
            data={choices}
            value={userId}
            onChange={setUserId}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {transfer.isError ? (
          <ErrorAlert title={t('account.transfer.failed')} error={transfer.error}>
            {transfer.error.message}
          </ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('account.transfer.cancel')}
          </Button>
          <Button
            disabled={!userId}
            loading={transfer.isPending}
            onClick={() =>
              userId &&
              transfer.mutate(userId, {
                onSuccess: () => {
                  setUserId(null);
                  onClose();
                },
              })
            }
          >
            {t('account.transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The account's name, its suspension, and what staff may do to it. */
export function AccountHeader({ d }: { d: Detail }) {
  const restore = useRestoreAccount(d.id);
  const [dialog, setDialog] = useState<'suspend' | 'transfer' | null>(null);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/service/accounts" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {t('account.all')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} flex="1 1 240px">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {d.name}
          </Title>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('account.header.meta', { id: d.id, date: formatDate(d.createdAt) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <SupportAccessButton accountId={d.id} />
          {d.suspension ? (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              loading={restore.isPending}
              disabled={d.deletionScheduled}
              title={d.deletionScheduled ? t('account.restore.blocked') : undefined}
              onClick={() => restore.mutate(undefined, { onError: fail })}
            >
              {t('account.restore')}
            </Button>
          ) : (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => setDialog('suspend')}
            >
              {t('account.suspend')}
            </Button>
          )}
          <Button variant="default" onClick={() => setDialog('transfer')}>
            {t('account.transfer')}
          </Button>
        </Group>
      </Group>
      {d.suspension ? (
        <Alert color="red" variant="light" title={t('account.suspended.title')} role="status">
          {t(d.deletionScheduled ? 'account.suspended.deletion' : 'account.suspended.body', {
            date: formatDateTime(d.suspension.since),
            reason: d.suspension.reason,
          })}
        </Alert>
      ) : null}
      <SuspendModal d={d} opened={dialog === 'suspend'} onClose={() => setDialog(null)} />
      <TransferModal d={d} opened={dialog === 'transfer'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
