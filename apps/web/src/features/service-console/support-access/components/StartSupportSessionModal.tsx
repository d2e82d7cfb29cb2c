import { SUPPORT_REASON_MIN } from '@tenantry/shared';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
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
    <Modal opened={opened} onClose={onClose} title="View as a member" centered>
      {opened ? <StartForm accountId={accountId} onClose={onClose} /> : null}
    </Modal>
  );
}

function StartForm({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const overview = useSupportAccessOverview(accountId);
  const start = useStartSupportSession(accountId);
  const [userId, setUserId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  if (overview.isPending) return <Loader size="sm" aria-label="Loading the members" />;
  if (overview.error) return <ErrorAlert error={overview.error} />;
  const { grant, members } = overview.data;
  const needsReason = !grant.active;
  const reasonShort = needsReason && reason.trim().length < SUPPORT_REASON_MIN;
  return (
    <form
      noValidate
      aria-label="View as a member"
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
            The owners have granted support access until {formatDate(grant.until)}.
          </Alert>
        ) : (
          <Alert color="orange" variant="light">
            The owners have not granted support access. Give a written reason: every owner is
            e-mailed it at once.
          </Alert>
        )}
        {members.length === 0 ? (
          <Text size="sm">This account has no member who can be viewed as.</Text>
        ) : (
          <Select
            label="Member"
            placeholder="Pick a member"
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
          label={needsReason ? 'Reason' : 'Reason (optional)'}
          description={`At least ${SUPPORT_REASON_MIN} characters; recorded in the account’s audit log.`}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required={needsReason}
          error={reason.length > 0 && reasonShort ? 'Write a little more.' : undefined}
          autosize
          minRows={2}
        />
        <Text size="xs" c="dimmed">
          Read-only, for 60 minutes; every page is recorded in the account’s audit log.
        </Text>
        {start.error ? <ErrorAlert error={start.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!userId || reasonShort}
            loading={start.isPending || start.isSuccess}
          >
            View as member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
