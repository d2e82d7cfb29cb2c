import { SUPPORT_ACCESS_DAYS } from '@tenantry/shared';
import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useOwnSupportAccess, useSetSupportAccess } from '../api/support-access.ts';
import { formatDateTime } from '#web/lib/format.ts';

/**
 * admin/security, owners only: "Allow Tenantry support to view this account" for 1–30 days,
 * revocable. While on, a Tenantry system admin may open the app as one of the members,
 * read-only, for 60 minutes at a time; every request is in the audit log.
 */
export function SupportAccessSetting() {
  const access = useOwnSupportAccess(true);
  const set = useSetSupportAccess();
  const [days, setDays] = useState<number | string>(7);
  const valid =
    typeof days === 'number' &&
    Number.isInteger(days) &&
    days >= SUPPORT_ACCESS_DAYS.min &&
    days <= SUPPORT_ACCESS_DAYS.max;
  return (
    <Card withBorder component="section" aria-labelledby="support-access-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="support-access-title">
          Support access
        </Title>
        <Text size="sm" c="dimmed">
          While allowed, Tenantry support may open this account’s app as one of its members to see
          what they see: read-only, 60 minutes at a time, every page recorded in the audit log.
          Without it, support can do so only with a written reason, and every owner is e-mailed at
          once.
        </Text>
        {access.isPending ? (
          <Loader size="sm" aria-label="Loading support access" />
        ) : access.error ? (
          <ErrorAlert error={access.error} />
        ) : access.data.active && access.data.until ? (
          <Group justify="space-between" wrap="wrap">
            <Switch
              checked
              readOnly
              label={`Tenantry support may view this account until ${formatDateTime(access.data.until)}`}
            />
            <Button
              variant="light"
              color="red"
              loading={set.isPending}
              onClick={() => set.mutate(null)}
            >
              Revoke support access
            </Button>
          </Group>
        ) : (
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label="Allow Tenantry support to view this account for (days)"
              min={SUPPORT_ACCESS_DAYS.min}
              max={SUPPORT_ACCESS_DAYS.max}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              w={320}
              maw="100%"
              error={
                valid
                  ? undefined
                  : `From ${SUPPORT_ACCESS_DAYS.min} to ${SUPPORT_ACCESS_DAYS.max} days.`
              }
            />
            <Button
              disabled={!valid}
              loading={set.isPending}
              onClick={() => typeof days === 'number' && set.mutate(days)}
            >
              Allow support access
            </Button>
          </Group>
        )}
        {set.error ? <ErrorAlert error={set.error} /> : null}
      </Stack>
    </Card>
  );
}
