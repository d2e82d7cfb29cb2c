import { SUPPORT_REASON_MIN } from '@tenantry/shared';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { t } from '../../messages.ts';
import { useStartSupportSession, useSupportAccessOverview } from '../api/support-access.ts';

/**
 * "View as a member…": pick a member of the account and open its app as them, read-only, for
 * 60 minutes. Without the owners' grant a written reason is required; the owners are e-mailed
 * it at once. On success the browser is the member's: the app opens at its start page.
 */
export function StartSupportSessionModal({
  accountId,
  opened,
  onClose,
}: {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('support.start.title')} centered>
      {opened ? <StartForm accountId={accountId} onClose={onClose} /> : null}
    </Modal>
  );
}

function StartForm({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const overview = useSupportAccessOverview(accountId);
  const start = useStartSupportSession(accountId);
  const [userId, setUserId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  if (overview.isPending) return <Loader size="sm" aria-label={t('support.start.loading')} />;
  if (overview.error) return <ErrorAlert error={overview.error} />;
  const { grant, members } = overview.data;
  const needsReason = !grant.active;
  const reasonShort = needsReason && reason.trim().length < SUPPORT_REASON_MIN;
  return (
    <form
      noValidate
      aria-label={t('support.start.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!userId || reasonShort) return;
        start.mutate(
          { userId, ...(reason.trim() ? { reason: reason.trim() } : {}) },
          { onSuccess: () => window.location.assign('/') },
        );
      }}
    >
      <Stack gap="sm">
        {grant.active && grant.until ? (
          <Alert color="teal" variant="light">
            {t('support.start.granted', { date: formatDate(grant.until) })}
          </Alert>
        ) : (
          <Alert color="orange" variant="light">
            {t('support.start.notGranted')}
          </Alert>
        )}
        {members.length === 0 ? (
          <Text size="sm">{t('support.start.noMembers')}</Text>
        ) : (
          <Select
            label={t('support.start.member.label')}
            placeholder={t('support.start.member.placeholder')}
            data={members.map((m) => ({
              value: m.userId,
              label: `${m.name ? `${m.name} — ` : ''}${m.email} (${m.role})`,
            }))}
            value={userId}
            onChange={setUserId}
            searchable
            required
          />
        )}
        <Textarea
          label={needsReason ? t('support.start.reason.label') : t('support.start.reason.optional')}
          description={t('support.start.reason.description', { min: SUPPORT_REASON_MIN })}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required={needsReason}
          error={reason.length > 0 && reasonShort ? t('support.start.reason.short') : undefined}
          autosize
          minRows={2}
        />
        <Text size="xs" c="dimmed">
          {t('support.start.readOnly')}
        </Text>
        {start.error ? <ErrorAlert error={start.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('support.start.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!userId || reasonShort}
            loading={start.isPending || start.isSuccess}
          >
            {t('support.start.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
